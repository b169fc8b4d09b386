/**
 * Rules that need live data and so stay on the server: a schema names them with the `liveRules`
 * annotation (at its root, or on a property), and the QA tool and the agreement test read them to
 * say by name what a payload was not fully judged on.
 */
import type { SchemaCatalog } from './schema-catalog';
import { schemaIdOf } from './schema-ids';

/** The rules only the server can judge, with what each needs. */
export const LIVE_RULES = {
  registryEligibility: {
    en: 'registry eligibility: the requester leads the registry project and it is not submitted yet, or may file an institutional request (needs the research registry)',
    hr: 'pravo iz registra: podnositelj vodi projekt u registru koji još nije podnesen, ili smije podnijeti institucijski zahtjev (treba registar)',
  },
  installedSoftware: {
    en: 'installed software: every application is on the installed-software list (needs the database)',
    hr: 'instalirane aplikacije: svaka aplikacija je na popisu instaliranih (treba bazu)',
  },
  projectState: {
    en: "the project's current state: the move or extension is offered from it, and dates follow its current end (needs the database)",
    hr: 'trenutno stanje projekta: promjena ili produljenje je dopušteno iz njega, a datumi slijede njegov trenutni kraj (treba bazu)',
  },
} as const;

export type LiveRuleName = keyof typeof LIVE_RULES;

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema a `$ref` points to, relative to the document `base`. */
function resolveRef(schemas: SchemaCatalog, ref: string, base: string): Json | undefined {
  const url = new URL(ref, base);
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  url.hash = '';
  let node: unknown = schemas.schema(schemaIdOf(url.toString()));
  for (const part of pointer.split('/').filter(Boolean)) node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isRecord(node) ? node : undefined;
}

function namesOf(node: Json | undefined): LiveRuleName[] {
  const names = node?.liveRules;
  return Array.isArray(names) ? names.filter((n): n is LiveRuleName => typeof n === 'string' && n in LIVE_RULES) : [];
}

/**
 * The live-data rules that apply to `data` under schema `nameOrId`: those of the schema's root, and
 * those of each property the payload sends with a value (a non-empty list or text).
 */
export function liveRulesFor(schemas: SchemaCatalog, nameOrId: string, data: unknown): LiveRuleName[] {
  const root = schemas.schema(nameOrId);
  const found = new Set<LiveRuleName>(namesOf(root));
  const properties = isRecord(root.properties) ? root.properties : {};
  if (isRecord(data)) {
    for (const [name, value] of Object.entries(data)) {
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      let property = isRecord(properties[name]) ? (properties[name] as Json) : undefined;
      const ref = property?.$ref;
      if (typeof ref === 'string') property = { ...resolveRef(schemas, ref, root.$id), ...property };
      for (const rule of namesOf(property)) found.add(rule);
    }
  }
  return [...found];
}
