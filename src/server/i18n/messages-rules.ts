import type { Texts } from './texts';

/** The rules editor's messages (drafts, publishing, the QA page, the impact list), beside the rest of MESSAGES. */
export const RULES_MESSAGES = {
  draftNotFound: { en: 'There is no open draft of the rules numbered {{id}}', hr: 'Nema otvorenog nacrta pravila s brojem {{id}}' },
  draftUploadEmpty: { en: 'The uploaded folder holds no schema files (*.json outside examples/)', hr: 'Preneseni direktorij ne sadrži nijednu datoteku sheme (*.json izvan examples/)' },
  draftFileName: {
    en: '"{{file}}" is not a schema file name: <folder>/<name>.json, of lower-case letters, digits, - and _',
    hr: '„{{file}}” nije ime datoteke sheme: <direktorij>/<ime>.json, od malih slova, znamenki, - i _',
  },
  draftDocNotObject: { en: '{{file}} must hold one JSON object (a schema)', hr: 'Datoteka {{file}} mora sadržavati jedan JSON objekt (shemu)' },
  draftDocId: { en: 'The $id of {{file}} must be {{id}}', hr: 'Vrijednost $id datoteke {{file}} mora biti {{id}}' },
  draftFileMissing: { en: 'The draft has no file {{file}}', hr: 'Nacrt nema datoteku {{file}}' },
  draftOwnApproval: { en: 'A draft is approved by a second editor, not by its author', hr: 'Nacrt odobrava drugi urednik, a ne njegov autor' },
  draftNeedsApproval: { en: 'This draft must be approved by a second editor before it is published', hr: 'Ovaj nacrt prije objave mora odobriti drugi urednik' },
  rulesRefusedCount: {
    en: 'The rules do not pass the checks ({{count}} problems); nothing went live',
    hr: 'Pravila ne prolaze provjeru (broj problema: {{count}}); ništa nije stavljeno u upotrebu',
  },
  schemaSetNotFound: { en: 'The history has no set numbered {{id}}', hr: 'U povijesti nema skupa pravila s brojem {{id}}' },
  qaUnknownSchema: { en: 'The rules hold no schema "{{schema}}"', hr: 'Pravila nemaju shemu „{{schema}}”' },
  qaDraftNotCompiled: {
    en: 'The rules of draft {{id}} do not compile: correct them in the editor before judging with them',
    hr: 'Pravila nacrta {{id}} ne mogu se prevesti: ispravite ih u uređivaču prije provjere s njima',
  },
  draftApproved: { en: 'The draft is approved and may be published', hr: 'Nacrt je odobren i smije se objaviti' },
  draftDiscarded: { en: 'The draft is discarded', hr: 'Nacrt je odbačen' },
  impactAboveMaximum: {
    en: '{{identifier}}: {{name}} {{amount}} is above the new maximum {{bound}}{{consequence}}',
    hr: '{{identifier}}: {{name}} {{amount}} je iznad nove najveće vrijednosti {{bound}}{{consequence}}',
  },
  impactBelowMinimum: {
    en: '{{identifier}}: {{name}} {{amount}} is below the new minimum {{bound}}{{consequence}}',
    hr: '{{identifier}}: {{name}} {{amount}} je ispod nove najmanje vrijednosti {{bound}}{{consequence}}',
  },
  impactPendingRefused: { en: '; the draft would refuse this pending request', hr: '; nacrt bi odbio ovaj zahtjev na čekanju' },
  impactActiveKeeps: { en: '; the active project keeps what it has', hr: '; aktivni projekt zadržava ono što ima' },
  impactResourceTypeRemoved: {
    en: '{{identifier}} uses the resource type {{type}}, which the draft removes',
    hr: '{{identifier}} koristi vrstu resursa {{type}}, koju nacrt uklanja',
  },
  impactScienceDomainRemoved: {
    en: '{{identifier}} gives a share to the science domain "{{domain}}", which the draft removes',
    hr: '{{identifier}} ima udio u znanstvenom području „{{domain}}”, koje nacrt uklanja',
  },
  impactScienceFieldRemoved: {
    en: '{{identifier}} gives a share to the science field "{{field}}", which the draft removes from "{{domain}}"',
    hr: '{{identifier}} ima udio u znanstvenom polju „{{field}}”, koje nacrt uklanja iz područja „{{domain}}”',
  },
  impactRequestTypeRemoved: {
    en: '{{identifier}} is of the request type "{{type}}", which the draft removes',
    hr: '{{identifier}} je vrste zahtjeva „{{type}}”, koju nacrt uklanja',
  },
  impactRequestTypeNotOffered: {
    en: '{{identifier}} is of the request type "{{type}}", which the draft no longer offers',
    hr: '{{identifier}} je vrste zahtjeva „{{type}}”, koju nacrt više ne nudi',
  },
  impactGrantClusterRemoved: {
    en: '{{identifier}} has hours granted on the cluster {{cluster}}, which the draft removes',
    hr: '{{identifier}} ima dodijeljene sate na klasteru {{cluster}}, koji nacrt uklanja',
  },
  impactInvitePending: {
    en: '{{identifier}}: the invitation to {{email}} is still open, and the draft affects the project',
    hr: '{{identifier}}: pozivnica za {{email}} još je otvorena, a nacrt utječe na projekt',
  },
  rulesEditorsOnly: { en: 'Only the editors of the rules may change them', hr: 'Pravila smiju mijenjati samo njihovi urednici' },
  ruleEditorsSuperusersOnly: { en: 'Only superusers choose who edits the rules', hr: 'Urednike pravila odabiru samo administratori' },
  ruleEditorGroupUnset: {
    en: 'No group edits the rules: the setting RULES_EDITOR_GROUP is not set, so only superusers edit them',
    hr: 'Nijedna grupa ne uređuje pravila: postavka RULES_EDITOR_GROUP nije zadana, pa ih uređuju samo administratori',
  },
  ruleEditorUnknownUser: { en: 'There is no user with the username "{{username}}"', hr: 'Ne postoji korisnik s korisničkim imenom „{{username}}”' },
  ruleEditorNotStaff: {
    en: '{{username}} is not centre staff; only staff may edit the rules',
    hr: 'Korisnik {{username}} nije djelatnik centra; pravila smije uređivati samo osoblje',
  },
  ruleEditorNotMember: { en: 'The user numbered {{id}} is not in the group that edits the rules', hr: 'Korisnik s brojem {{id}} nije u grupi koja uređuje pravila' },
  ruleEditorAdded: { en: '{{username}} may now edit the rules', hr: 'Korisnik {{username}} sada smije uređivati pravila' },
  ruleEditorRemoved: { en: 'The user no longer edits the rules', hr: 'Korisnik više ne uređuje pravila' },
  impactNotConfirmed: {
    en: 'The draft affects data already in the portal ({{count}} items); confirm to publish it',
    hr: 'Nacrt utječe na podatke koji su već u portalu (broj stavki: {{count}}); potvrdite objavu',
  },
} as const satisfies Record<string, Texts>;
