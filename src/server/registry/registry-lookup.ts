/**
 * The registry lookup for one OIB (reference §4.3): the person, their live lead projects with
 * collaborators, their verified live associate projects, and institution-lead promotion.
 */
import type { RegistryCollaborator, RegistryInfo, RegistryProject } from '@generated';
import { RegistryError, type RegistryClient, type RegistryDocument } from './registry-client';

/** The `data` of a registry-info answer. */
export type RegistryData = NonNullable<RegistryInfo['data']>;

export interface LookupOptions {
  /** "Today" for the grace rule; now when absent. */
  now?: Date;
  /** A project stays visible this many days after its end (graceDays of rules/registry.json). */
  graceDays: number;
}

const DAY_MS = 86_400_000;

// --- reading the registry's loosely typed HAL documents -------------------------------------

const isObject = (v: unknown): v is RegistryDocument => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
/** The registry writes one link or entry as an object and several as a list. */
const asList = (v: unknown): RegistryDocument[] => (Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : []);
const embedded = (doc: unknown, key: string): RegistryDocument[] => (isObject(doc) && isObject(doc._embedded) ? asList(doc._embedded[key]) : []);
const naziv = (v: unknown): string | undefined => (isObject(v) ? text(v.naziv) : text(v));
const inLanguage = (v: unknown, lang: string): string | undefined => asList(v).map((t) => (t.cfLangCode === lang ? text(t.naziv) : undefined)).find(Boolean);

/** A person's role on a project, from `klasifikacija` (object or text) or `uloga`. */
function roleOf(person: RegistryDocument): string {
  return (naziv(person.klasifikacija) ?? naziv(person.uloga) ?? '').trim().toLowerCase();
}

/** The registry ids of the projects a person document links to. Ids are taken from the hrefs
 * and the paths rebuilt from our own template, so credentials are only ever sent to our base URL. */
function linkedProjectIds(person: RegistryDocument): number[] {
  const linkSet = isObject(person._links) ? person._links.projekt : undefined;
  const ids = asList(linkSet).flatMap((l) => {
    const m = text(l.href)?.match(/\/projekt\/(\d+)\/?$/);
    return m ? [Number(m[1])] : [];
  });
  return [...new Set(ids)];
}

function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `dd.MM.yyyy` → UTC midnight, or undefined when the registry wrote something else. */
function parseRegistryDate(value: string | undefined): number | undefined {
  const m = value?.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/);
  return m ? Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])) : undefined;
}

const peopleOf = (project: RegistryDocument) => embedded(project.osobeResources, 'osobe');

function financeOf(project: RegistryDocument): string[] {
  return embedded(project.financijerResources, 'financijeri').flatMap((f) => text(f.entityNameHr) ?? []);
}

function omitUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function baseProject(id: number, p: RegistryDocument): RegistryProject {
  return omitUndefined({
    title: inLanguage(p.title, 'hr') ?? text(p.title) ?? '',
    croris_id: toInt(p.id) ?? id,
    identifier: text(p.hrSifraProjekta),
    start: text(p.pocetak),
    end: text(p.kraj),
    summary: inLanguage(p.summary, 'hr') ?? text(p.summary),
  });
}

function leadProject(id: number, p: RegistryDocument): RegistryProject {
  return omitUndefined({
    ...baseProject(id, p),
    type: naziv(p.tipProjekta),
    institute: embedded(p.ustanoveResources, 'ustanove').map((u) => omitUndefined({ class: naziv(u.klasifikacija), name: text(u.naziv) ?? '' })),
    finance: financeOf(p),
  });
}

function collaborator(person: RegistryDocument): RegistryCollaborator {
  return omitUndefined({
    first_name: text(person.ime) ?? '',
    last_name: text(person.prezime) ?? '',
    oib: text(person.oib),
    email: text(person.email),
    institution: text(person.ustanovaNaziv),
  });
}

const isFalse = (v: unknown) => String(v).trim().toLowerCase() === 'false';

// --- the algorithm ------------------------------------------------------------------------------

/**
 * Looks one person up in the registry.
 *
 * Fetches run in parallel where the algorithm allows: all lead projects together with the
 * person's own project links, then the associate projects together with the lead projects'
 * people. Any failed fetch fails the whole lookup (a partial answer would wrongly allow or deny).
 *
 * @returns the `data` of RegistryInfo (valid against entities/registry-info)
 * @throws RegistryError, e.g. kind notFound when the registry does not know the OIB
 */
export async function lookupRegistryPerson(client: RegistryClient, oib: string, options: LookupOptions): Promise<RegistryData> {
  const today = options.now ?? new Date();
  const graceMs = options.graceDays * DAY_MS;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // An end date we cannot read keeps the project: hiding it could wrongly allow an institutional request.
  const isDead = (p: RegistryDocument) => {
    const end = parseRegistryDate(text(p.kraj));
    return end !== undefined && end + graceMs <= todayUtc;
  };

  // 1. The person as lead.
  const leadDoc = await client.personLead(oib);
  const persId = toInt(leadDoc.persId);
  if (persId === undefined) throw new RegistryError('badJson', `lead of ${oib}`, 'the registry answered a person without persId');
  const mbz = text(leadDoc.maticniBrojZnanstvenika);
  const personInfo: RegistryData['person_info'] = omitUndefined({
    first_name: text(leadDoc.ime) ?? '',
    last_name: text(leadDoc.prezime) ?? '',
    croris_id: persId,
    mbz: mbz && mbz.trim() ? mbz.trim() : null,
    lead_status: false,
  });

  // 2. Lead projects, and (in parallel) every project the person is linked to.
  const leadIds = linkedProjectIds(leadDoc);
  const [leadDocs, personDoc] = await Promise.all([Promise.all(leadIds.map((id) => client.project(id))), client.person(persId)]);
  const liveLead = leadIds.map((id, i) => ({ id, doc: leadDocs[i] })).filter(({ doc }) => !isDead(doc));
  const leadInfo = liveLead.map(({ id, doc }) => leadProject(id, doc));
  const leadUsers: RegistryData['projects_lead_users'] = {};

  // 3 + 4. Associate projects (not among lead ones, live or dead) and the lead projects' people.
  const associateIds = linkedProjectIds(personDoc).filter((id) => !leadIds.includes(id));
  const [associateDocs, leadPeople] = await Promise.all([
    Promise.all(associateIds.map((id) => client.project(id))),
    Promise.all(liveLead.map(({ id }) => client.projectPeople(id))),
  ]);
  liveLead.forEach(({ id }, i) => {
    const people = embedded(leadPeople[i], 'osobe');
    const lead = people.find((p) => roleOf(p) === 'voditelj');
    if (lead && personInfo.email === undefined && text(lead.email)) personInfo.email = text(lead.email);
    leadUsers[String(id)] = people.filter((p) => p !== lead).map(collaborator);
  });

  // 5. Live associate projects whose participation the registry has verified.
  const ownEntry = (p: RegistryDocument) => peopleOf(p).find((o) => toInt(o.persId) === persId || (text(o.oib) !== undefined && text(o.oib) === oib));
  let associates = associateIds
    .map((id, i) => ({ id, doc: associateDocs[i] }))
    .filter(({ doc }) => !isDead(doc) && !isFalse(doc.verified) && !isFalse(ownEntry(doc)?.verified));

  // 6. Someone who leads nothing takes their email from their first associate project.
  if (liveLead.length === 0 && personInfo.email === undefined && associates.length > 0) {
    personInfo.email = text(ownEntry(associates[0].doc)?.email);
  }

  // 7. A funded project with no lead, where this person leads at institution level, is theirs.
  const promoted = associates.filter(({ doc }) => {
    const people = peopleOf(doc);
    const own = ownEntry(doc);
    return financeOf(doc).length > 0 && !people.some((p) => roleOf(p) === 'voditelj')
      && own !== undefined && roleOf(own) === 'voditelj na ustanovi' && text(own.oib) === oib;
  });
  for (const { id, doc } of promoted) {
    leadInfo.push(leadProject(id, doc));
    leadUsers[String(id)] = peopleOf(doc).filter((p) => p !== ownEntry(doc)).map(collaborator);
  }
  associates = associates.filter((a) => !promoted.includes(a));
  personInfo.lead_status = leadInfo.length > 0;

  return {
    person_info: omitUndefined(personInfo),
    projects_lead_info: leadInfo,
    projects_lead_users: leadUsers,
    projects_associate_info: associates.map(({ id, doc }) => baseProject(id, doc)),
    projects_associate_ids: associates.map(({ id, doc }) => toInt(doc.id) ?? id),
  };
}
