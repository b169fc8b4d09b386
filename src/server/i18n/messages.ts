/**
 * The texts of the API's error messages, by key, in both languages. A message names its values as
 * `{{name}}`, the syntax of the web client's i18next texts and of the schema messages, so every text
 * of the portal writes a value alike; the error handler fills them in the language of the caller
 * (see `language.ts`). Every key must carry both `hr` and `en` (the type and
 * tests/api/error-languages.test.ts enforce it).
 */
import type { Texts } from './texts';
import { RULES_MESSAGES } from './messages-rules';

export type { Texts };

export const MESSAGES = {
  // SSH keys
  keyPrivate: {
    en: 'This is a private key. Never share it: paste the public key (the .pub file) instead.',
    hr: 'Ovo je privatni ključ. Nikad ga ne dijelite: umjesto njega zalijepite javni ključ (datoteku .pub).',
  },
  keyMultiline: { en: 'Key is not valid: it should be single line.', hr: 'Ključ nije ispravan: mora biti u jednom retku.' },
  keyInvalid: { en: 'Invalid SSH public key.', hr: 'Neispravan javni SSH ključ.' },
  keyTypeUnsupported: {
    en: 'Key type {{type}} is not supported; use RSA, ECDSA or Ed25519.',
    hr: 'Vrsta ključa {{type}} nije podržana; koristite RSA, ECDSA ili Ed25519.',
  },
  keyRsaTooShort: {
    en: 'Key is not valid: an RSA key must have at least {{min}} bits, and this one has {{bits}}. Make a new one, e.g. with ssh-keygen -t ed25519.',
    hr: 'Ključ nije ispravan: ključ RSA mora imati najmanje {{min}} bitova, a ovaj ima {{bits}}. Izradite novi, npr. naredbom ssh-keygen -t ed25519.',
  },
  keyNoFingerprint: {
    en: 'Key is not valid: cannot generate fingerprint from it.',
    hr: 'Ključ nije ispravan: iz njega nije moguće izračunati otisak.',
  },
  keyNoActiveProject: {
    en: 'Not authorized to add new SSH key: you have no active project',
    hr: 'Nemate pravo dodati novi SSH ključ: nemate nijedan aktivan projekt',
  },
  keyNameTaken: { en: 'Key of that name already exists', hr: 'Ključ s tim imenom već postoji' },
  keyAlreadyAdded: { en: 'This key is already added as "{{name}}"', hr: 'Ovaj ključ je već dodan pod imenom "{{name}}"' },
  keyNotFound: { en: 'Key "{{name}}" not found', hr: 'Ključ "{{name}}" nije pronađen' },
  userByClusterNameNotFound: {
    en: 'User with cluster username {{username}} not found',
    hr: 'Korisnik s korisničkim imenom na klasteru {{username}} nije pronađen',
  },

  // Projects and requests
  projectNotFound: { en: 'Project {{identifier}} not found', hr: 'Projekt {{identifier}} nije pronađen' },
  historyLeadOrStaff: {
    en: 'Only the lead of the project and staff can see its history',
    hr: 'Povijest projekta mogu vidjeti samo voditelj projekta i osoblje',
  },
  federationNotConfigured: { en: 'This federation is not configured', hr: 'Ova federacija nije podešena' },
  projectMembersOnly: {
    en: 'Only members of the project and staff can see it',
    hr: 'Projekt mogu vidjeti samo njegovi članovi i osoblje',
  },
  notProjectLead: { en: 'You do not lead project {{identifier}}', hr: 'Niste voditelj projekta {{identifier}}' },
  roleNotFound: { en: 'Role {{role}} not found', hr: 'Uloga {{role}} nije pronađena' },
  grantsNotInState: {
    en: 'Hours can be granted only when approving or extending a project (not in state {{state}})',
    hr: 'Sati se mogu dodijeliti samo pri odobravanju ili produljenju projekta (ne u stanju {{state}})',
  },
  badMonth: { en: 'month must be yyyy-MM', hr: 'Mjesec mora biti u obliku gggg-MM' },
  schemasNotLive: { en: 'This process runs on a fixed schema set and cannot reload it', hr: 'Ovaj proces radi s nepromjenjivim skupom shema i ne može ga ponovno učitati' },
  ...RULES_MESSAGES,
  userNotFound: { en: 'User not found', hr: 'Korisnik nije pronađen' },
  userByNameNotFound: { en: 'User with username {{username}} not found', hr: 'Korisnik s korisničkim imenom {{username}} nije pronađen' },
  unknownProjectType: { en: 'body/project_type: unknown project type "{{type}}"', hr: 'body/project_type: nepoznat tip projekta "{{type}}"' },
  wrongSubmitEndpoint: {
    en: 'Requests of type {{type}} are submitted to {{endpoint}}',
    hr: 'Zahtjevi tipa {{type}} podnose se na {{endpoint}}',
  },
  bodyNotObject: { en: 'The request body must be a JSON object', hr: 'Tijelo zahtjeva mora biti JSON objekt' },
  foreignCannotSubmit: {
    en: 'Foreign researchers cannot submit requests for now',
    hr: 'Strani istraživači za sada nemaju mogućnost podnošenja zahtjeva',
  },
  typeNotAccepting: {
    en: '{{type}} requests are not accepted for now',
    hr: 'Zahtjevi tipa {{type}} trenutno se ne primaju',
  },
  typeStaffOnly: { en: 'Only staff can submit {{type}} requests', hr: 'Zahtjeve tipa {{type}} može podnijeti samo osoblje' },
  noOib: {
    en: 'Your account has no OIB, so your CroRIS projects cannot be checked',
    hr: 'Vaš račun nema OIB pa vaše projekte u sustavu CroRIS nije moguće provjeriti',
  },
  notRegistryLead: {
    en: 'Not registered leader of any project in CroRIS',
    hr: 'Niste upisani kao voditelj nijednog projekta u sustavu CroRIS',
  },
  notLeadOfThisProject: {
    en: 'You are not registered leader of this project in CroRIS',
    hr: 'Niste upisani kao voditelj ovog projekta u sustavu CroRIS',
  },
  registryCheckFailed: {
    en: 'Could not check your projects in CroRIS, try again later ({{detail}})',
    hr: 'Vaše projekte u sustavu CroRIS trenutno nije moguće provjeriti, pokušajte kasnije ({{detail}})',
  },
  registryProjectTaken: {
    en: 'This registry project has already been submitted',
    hr: 'Zahtjev za ovaj projekt iz sustava CroRIS već je podnesen',
  },
  identifierTaken: { en: 'A project with this identifier already exists', hr: 'Projekt s ovom oznakom već postoji' },
  instituteAccessCroris: {
    en: 'Not allowed to submit institute project: Access CroRIS',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: već imate pristup kroz projekt iz sustava CroRIS',
  },
  instituteAlreadySubmitted: {
    en: 'Not allowed to submit institute project: Already submitted',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: već ste ga podnijeli',
  },
  instituteNoCrorisData: {
    en: 'Not allowed to submit institute project: No CroRIS data',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: nema podataka iz sustava CroRIS',
  },
  instituteMbzUnknown: {
    en: 'Not allowed to submit institute project: MBZ unknown',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: vaš matični broj znanstvenika (MBZ) nije poznat',
  },
  instituteLeadCroris: {
    en: 'Not allowed to submit institute project: Lead CroRIS project',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: voditelj ste projekta u sustavu CroRIS',
  },
  instituteAssociateCroris: {
    en: 'Not allowed to submit institute project: Associate CroRIS project',
    hr: 'Zahtjev za institucijski projekt nije moguće podnijeti: suradnik ste na projektu u sustavu CroRIS',
  },
  instituteAllowed: { en: 'Can submit institute project', hr: 'Možete podnijeti zahtjev za institucijski projekt' },
  unknownApplication: {
    en: 'Unknown application (not installed on the cluster): {{names}}',
    hr: 'Nepoznata aplikacija (nije instalirana na klasteru): {{names}}',
  },
  unknownApplications: {
    en: 'Unknown applications (not installed on the cluster): {{names}}',
    hr: 'Nepoznate aplikacije (nisu instalirane na klasteru): {{names}}',
  },
  startAfterEnd: {
    en: 'The start date ({{start}}) is after the end date ({{end}})',
    hr: 'Datum početka ({{start}}) je nakon datuma završetka ({{end}})',
  },
  stateGivenTwice: {
    en: 'Give the target state either as state or as requestState, not both',
    hr: 'Ciljno stanje navedite ili kao state ili kao requestState, ne oboje',
  },
  requestStateNotOne: {
    en: 'requestState must have exactly one state set to true (got {{count}})',
    hr: 'requestState mora imati točno jedno stanje postavljeno na true (postavljeno: {{count}})',
  },
  bodyForOtherProject: {
    en: 'The body is for project {{body}}, the address for {{identifier}}',
    hr: 'Tijelo zahtjeva odnosi se na projekt {{body}}, a adresa na {{identifier}}',
  },
  transitionNotAllowed: {
    en: 'Transition from {{from}} to {{to}} is not allowed',
    hr: 'Prijelaz iz stanja {{from}} u stanje {{to}} nije dopušten',
  },
  approveNeedsTypeRequest: {
    en: 'When approving a request you must state the assigned resource type.',
    hr: 'Pri odobravanju zahtjeva morate se izjasniti o dodijeljenom tipu resursa.',
  },
  approveNeedsTypeProject: {
    en: 'When approving a project you must state the assigned resource type.',
    hr: 'Pri odobravanju projekta morate se izjasniti o dodijeljenom tipu resursa.',
  },
  denyNeedsReason: {
    en: 'When denying a request you must state the reason.',
    hr: 'Pri odbijanju zahtjeva morate se izjasniti o razlogu.',
  },

  // Extensions
  extensionMembersOnly: {
    en: 'Only members of the project and staff can see its extensions',
    hr: 'Produljenja projekta mogu vidjeti samo njegovi članovi i osoblje',
  },
  extensionLeadOnly: {
    en: 'Only the lead of the project can request its extension',
    hr: 'Produljenje projekta može zatražiti samo njegov voditelj',
  },
  extensionWrongState: {
    en: 'An extension cannot be requested for a project in state {{state}}',
    hr: 'Produljenje nije moguće zatražiti za projekt u stanju {{state}}',
  },
  extensionNoEndDate: { en: 'The project has no end date to extend', hr: 'Projekt nema datum završetka koji bi se produljio' },
  extensionDateRange: {
    en: 'The new end date must be between {{earliest}} and {{latest}} (at least one day and at most {{months}} months after the current end {{end}})',
    hr: 'Novi datum završetka mora biti između {{earliest}} i {{latest}} (barem dan, a najviše {{months}} mj. nakon sadašnjeg završetka {{end}})',
  },

  // Memberships and invitations
  notProjectId: { en: '"{{value}}" is not a project id', hr: '"{{value}}" nije oznaka projekta' },
  invitationExpired: { en: '{{user}} - Invitation code expired', hr: '{{user}} - Pozivni kod je istekao' },
  invitationCancelled: { en: '{{user}} - Invitation was cancelled by the project lead', hr: '{{user}} - Voditelj projekta otkazao je pozivnicu' },
  invitationNeedsClick: {
    en: 'Opening an invitation does not accept it: accept it with the button on the invitation page (/ui/login-email/…)',
    hr: 'Otvaranjem poziva on nije prihvaćen: prihvatite ga gumbom na stranici poziva (/ui/login-email/…)',
  },
  invitationUsed: { en: '{{user}} - Invitation code already used', hr: '{{user}} - Pozivni kod je iskorišten' },
  inviteRegistryCheckFailed: {
    en: '{{user}} - Could not check the CroRIS projects of the user ({{detail}}); try again later',
    hr: '{{user}} - Projekte korisnika u sustavu CroRIS nije moguće provjeriti ({{detail}}); pokušajte kasnije',
  },
  inviteeHasRegistryProject: { en: '{{user}} - User CroRIS project', hr: '{{user}} - Korisnik već ima projekt iz sustava CroRIS' },
  inviteeHasInstituteProject: { en: '{{user}} - User institute project', hr: '{{user}} - Korisnik već ima institucijski projekt' },
  inviteeLeadsRegistryProject: { en: '{{user}} - Lead CroRIS project', hr: '{{user}} - Korisnik je voditelj projekta u sustavu CroRIS' },
  inviteeAssociateRegistryProject: {
    en: '{{user}} - Associate CroRIS project',
    hr: '{{user}} - Korisnik je suradnik na projektu u sustavu CroRIS',
  },
  invitationForLocal: { en: '{{user}} - Invitation for local collaborators', hr: '{{user}} - Poziv je namijenjen domaćim suradnicima' },
  invitationForForeign: {
    en: '{{user}} - Invitation for foreign collaborators that must authn via eduGAIN',
    hr: '{{user}} - Poziv je namijenjen stranim suradnicima koji se prijavljuju putem eduGAIN-a',
  },
  alreadyAssigned: { en: '{{user}} - User {{user}} already assigned to project', hr: '{{user}} - Korisnik {{user}} već je član projekta' },
  oibMismatch: {
    en: '{{user}} could not be associated to project {{identifier}} - OIB does not match',
    hr: '{{user}} nije moguće pridružiti projektu {{identifier}} - OIB se ne podudara',
  },
  invitationDuplicate: {
    en: '{{user}} - Invitations problem: duplicate key value violates unique constraint "memberships_user_project_role_key"',
    hr: '{{user}} - Problem s pozivnicom: korisnik je već član projekta u toj ulozi (duplicate key "memberships_user_project_role_key")',
  },
  removeNotAuthorized: {
    en: '{{user}} - Not authorized to remove users from this project',
    hr: '{{user}} - Nemate pravo uklanjati korisnike s ovog projekta',
  },
  removeInactive: {
    en: '{{user}} - Project is not active, so collaborators cannot be signed off',
    hr: '{{user}} - Projekt nije aktivan pa suradnike nije moguće odjaviti',
  },
  leadCannotLeave: { en: '{{user}} - The project lead cannot be signed off', hr: '{{user}} - Voditelja projekta nije moguće odjaviti' },
  notCollaborators: {
    en: '{{user}} - Not collaborators of this project: {{names}}',
    hr: '{{user}} - Nisu suradnici na ovom projektu: {{names}}',
  },
  directAddTypes: {
    en: '{{user}} - Users can be added directly only to projects of type {{types}}',
    hr: '{{user}} - Korisnike je moguće izravno dodati samo na projekte tipa {{types}}',
  },
  addInactive: {
    en: '{{user}} - Project is not active, so collaborators cannot be added',
    hr: '{{user}} - Projekt nije aktivan pa suradnike nije moguće dodati',
  },
  usersNotFound: { en: '{{user}} - Users not found: {{names}}', hr: '{{user}} - Korisnici nisu pronađeni: {{names}}' },
  alreadyAddedOne: {
    en: '{{user}} - User {{names}} already added to internal project',
    hr: '{{user}} - Korisnik {{names}} već je dodan na interni projekt',
  },
  alreadyAddedMany: {
    en: '{{user}} - Users {{names}} already added to internal project',
    hr: '{{user}} - Korisnici {{names}} već su dodani na interni projekt',
  },
  projectsDiffer: {
    en: 'project "{{project}}" and projectid {{projectid}} do not name the same project',
    hr: 'project "{{project}}" i projectid {{projectid}} ne označavaju isti projekt',
  },
  inviteNotAllowed: {
    en: '{{user}} - Not allowed to send invitations for given project',
    hr: '{{user}} - Nemate pravo slati pozivnice za ovaj projekt',
  },
  inviteLeadOnly: {
    en: '{{user}} - Only the project lead may invite collaborators',
    hr: '{{user}} - Suradnike može pozvati samo voditelj projekta',
  },
  inviteInactive: {
    en: '{{user}} - Project is not active, so collaborators cannot be invited',
    hr: '{{user}} - Projekt nije aktivan pa suradnike nije moguće pozvati',
  },
  inviteRegistryUnavailable: {
    en: '{{user}} - Could not get CroRIS data to check the collaborators: {{detail}}',
    hr: '{{user}} - Podatke iz sustava CroRIS za provjeru suradnika nije moguće dohvatiti: {{detail}}',
  },
  noAddresses: { en: 'No e-mail addresses to invite', hr: 'Nema e-mail adresa za pozivanje' },
  inviteCap: {
    en: '{{user}} - At most {{cap}} invitations can be sent in an hour; {{left}} can be sent now',
    hr: '{{user}} - U jednom satu moguće je poslati najviše {{cap}} pozivnica; sada ih je moguće poslati još {{left}}',
  },
  noInvitationsSent: { en: '{{user}} - No invitations sent: {{list}}', hr: '{{user}} - Nijedna pozivnica nije poslana: {{list}}' },
  inviterOnlyCancels: {
    en: '{{user}} - Only the inviter may cancel an invitation',
    hr: '{{user}} - Pozivnicu može otkazati samo osoba koja ju je poslala',
  },
  invitationNotFound: { en: '{{user}} - Invitation not found', hr: '{{user}} - Pozivnica nije pronađena' },
  sessionNotFound: { en: '{{user}} - Session not found; it may have ended already', hr: '{{user}} - Sesija nije pronađena; možda je već završila' },
  readinessLeadOnly: {
    en: 'Only the lead of the project and staff can see where its members stand',
    hr: 'Spremnost članova projekta mogu vidjeti samo njegov voditelj i osoblje',
  },
  readinessFilterUnknown: {
    en: 'Unknown filter {{filter}}; known filters: {{known}}',
    hr: 'Nepoznat filtar {{filter}}; poznati filtri: {{known}}',
  },
  notInviteId: { en: '{{value}} is not an invitation id', hr: '{{value}} nije oznaka pozivnice' },

  // Mail preferences
  muteLeadOnly: {
    en: 'Only a lead of project {{identifier}} can mute its routine notices',
    hr: 'Rutinske obavijesti projekta {{identifier}} može utišati samo njegov voditelj',
  },

  // Software, accounting, guards
  notStaffUser: { en: 'body/newAppAddedBy: {{user}} is not a staff user', hr: 'body/newAppAddedBy: {{user}} nije član osoblja' },
  modulefileListed: { en: 'Modulefile {{name}} is already on the list', hr: 'Modulefile {{name}} već je na popisu' },
  positiveIdExpected: { en: 'pk: a positive whole number is expected', hr: 'pk: očekuje se pozitivan cijeli broj' },
  softwareNotFound: { en: 'Software {{pk}} not found', hr: 'Softver {{pk}} nije pronađen' },
  mailIdExpected: { en: 'id: a mail number (a positive whole number) is expected', hr: 'id: očekuje se broj poruke (pozitivan cijeli broj)' },
  mailNotFound: { en: 'Mail {{id}} is not in the outbox', hr: 'Poruke {{id}} nema u izlaznoj pošti' },
  yearInvalid: { en: 'querystring/year: must be a year such as 2025', hr: 'querystring/year: mora biti godina, npr. 2025' },
  yearInFuture: { en: 'querystring/year: must not be in the future', hr: 'querystring/year: ne smije biti u budućnosti' },
  rangeInvalid: { en: "querystring/range: must be 'last12' or 'all'", hr: "querystring/range: mora biti 'last12' ili 'all'" },
  scienceUsageByInvalid: { en: "querystring/by: must be 'domain' or 'field'", hr: "querystring/by: mora biti 'domain' ili 'field'" },
  scienceUsagePeriodInvalid: { en: "querystring/period: must be 'month' or 'year'", hr: "querystring/period: mora biti 'month' ili 'year'" },
  // Pages of the staff grids (GET grid-page/:grid)
  gridUnknown: { en: 'No staff list {{grid}} is paged on the server', hr: 'Popis {{grid}} se ne dohvaća po stranicama' },
  gridFilterUnknown: { en: 'querystring/{{key}}: the list {{grid}} has no such filter', hr: 'querystring/{{key}}: popis {{grid}} nema takav filtar' },
  gridFilterValue: { en: 'querystring/{{key}}: "{{value}}" is not a value of this filter', hr: 'querystring/{{key}}: "{{value}}" nije vrijednost ovog filtra' },
  gridSortUnknown: { en: 'querystring/sort: the list {{grid}} cannot be sorted by {{sort}}', hr: 'querystring/sort: popis {{grid}} ne može se poredati po {{sort}}' },
  gridPageTooLong: { en: 'querystring/limit: at most {{max}} rows per page', hr: 'querystring/limit: najviše {{max}} redaka po stranici' },
  gridTimeZoneUnknown: { en: 'querystring/tz: unknown time zone {{tz}}', hr: 'querystring/tz: nepoznata vremenska zona {{tz}}' },
  noScienceDomain: { en: 'No science domain declared', hr: 'Bez navedenog znanstvenog područja' },
  unknownResource: {
    en: 'Nonexisting resource {{resource}}; known: {{known}}',
    hr: 'Nepostojeći resurs {{resource}}; poznati: {{known}}',
  },
  nulCharacter: {
    en: '{{path}}: Contains a NUL character, which no text may hold',
    hr: '{{path}}: Sadrži znak NUL, koji nijedan tekst ne smije sadržavati',
  },
  urlInvalid: { en: 'The URL is not valid', hr: 'Adresa (URL) nije ispravna' },
  noSuchEndpoint: { en: 'No such endpoint: {{method}} {{path}}', hr: 'Ne postoji takva adresa: {{method}} {{path}}' },
  // Values the database refused (plugins/errors.ts, by PostgreSQL error code)
  databaseNumberRange: { en: 'Bad request: a number is out of range', hr: 'Neispravan zahtjev: broj je izvan dopuštenog raspona' },
  databaseValueForm: { en: 'Bad request: a value has the wrong form', hr: 'Neispravan zahtjev: vrijednost nije u ispravnom obliku' },
  databaseCharacter: {
    en: 'Bad request: a text holds a character that cannot be stored',
    hr: 'Neispravan zahtjev: tekst sadrži znak koji nije moguće pohraniti',
  },
  databaseTextLength: { en: 'Bad request: a text is too long', hr: 'Neispravan zahtjev: tekst je predug' },
  databaseDateForm: { en: 'Bad request: a date has the wrong form', hr: 'Neispravan zahtjev: datum nije u ispravnom obliku' },
  databaseDateRange: { en: 'Bad request: a date is out of range', hr: 'Neispravan zahtjev: datum je izvan dopuštenog raspona' },
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;
export type Language = keyof Texts;
export const LANGUAGES: readonly Language[] = ['hr', 'en'];
export type MessageParams = Record<string, string | number>;

/** Fills `{{name}}` placeholders of a template; a placeholder without a value stays as written. */
export function fill(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A message of the catalogue in one language, its placeholders filled. */
export function renderMessage(key: MessageKey, lang: Language, params?: MessageParams): string {
  return fill(MESSAGES[key][lang], params);
}
