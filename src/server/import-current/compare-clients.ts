/**
 * The check before the switch (docs/migration.md, last step): what the clusters read from the
 * current portal — `usersprojects`, `sshkeys`, `accounting/projectsusers` — beside what this
 * portal answers for the same key, and every difference a cluster would notice. Rows are matched
 * by what names them to a person (a membership by username and project code, a key by cluster
 * login and fingerprint, a project by its code), so an id that changed is reported as a changed
 * id rather than a row gone and another come. Values are compared as the clusters read them: an
 * instant written in another time zone, the order of a list of tags, and a blank amount in
 * `resources_numbers` (`""`, which the import leaves out) beside none are not differences; a value
 * of another JSON type (`4` for `"4"`) is, since a client reads the type.
 */

/** The three lists the clusters read, by route. */
export const CLIENT_ROUTES = ['usersprojects', 'sshkeys', 'accounting/projectsusers'] as const;
export type ClientRoute = (typeof CLIENT_ROUTES)[number];

export type ClientAnswers = Record<ClientRoute, unknown[]>;

export interface ClientDifference {
  route: ClientRoute;
  /** The row, in words: `membership ahorvat on NR-2026-11-007`. */
  row: string;
  /** `missing here`, `only here`, or the dotted field that differs. */
  what: string;
  current?: unknown;
  here?: unknown;
}

export interface ClientComparison {
  rows: Record<ClientRoute, { current: number; here: number }>;
  differences: ClientDifference[];
}

type Json = Record<string, unknown>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A value as a cluster reads it, for comparison. */
function comparable(value: unknown, path: string): unknown {
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return new Date(value.replace(' ', 'T')).toISOString();
  if (path.endsWith('resources_numbers') && value && typeof value === 'object' && !Array.isArray(value)) {
    // The current portal kept blanks as '' and the import leaves them out (docs/migration.md); every
    // other value is compared as sent, its type included.
    const amounts: Json = {};
    for (const [k, v] of Object.entries(value as Json).sort(([a], [b]) => a.localeCompare(b))) if (v !== '' && v !== null) amounts[k] = v;
    return amounts;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return [...value].sort();
  return value;
}

/** The leaf values of an answer row by dotted path; a list of people by their ids. */
function leaves(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  const shown = comparable(value, path);
  if (shown && typeof shown === 'object' && !Array.isArray(shown) && !path.endsWith('resources_numbers')) {
    for (const [k, v] of Object.entries(shown as Json)) leaves(v, path ? `${path}.${k}` : k, out);
  } else if (Array.isArray(shown) && shown.length && shown.every((v) => v && typeof v === 'object' && 'id' in (v as Json))) {
    for (const item of shown as Json[]) leaves(item, `${path}[id ${String(item.id)}]`, out);
    out.set(`${path}[ids]`, (shown as Json[]).map((i) => Number(i.id)).sort((a, b) => a - b));
  } else out.set(path, shown);
  return out;
}

const at = (row: unknown, path: string): string => {
  let value: unknown = row;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined;
  return value === undefined || value === null ? '' : String(value);
};

/** How a row of each route is named and matched. */
const ROW_NAME: Record<ClientRoute, (row: unknown) => string> = {
  usersprojects: (r) => `membership ${at(r, 'user.username')} on ${at(r, 'project.identifier')}`,
  sshkeys: (r) => `key ${at(r, 'fingerprint')} of ${at(r, 'user.person_username')}`,
  'accounting/projectsusers': (r) => `project ${at(r, 'sifra')}`,
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every difference between the current portal's answers and this portal's. */
export function compareClientAnswers(current: ClientAnswers, here: ClientAnswers): ClientComparison {
  const differences: ClientDifference[] = [];
  const rows = {} as ClientComparison['rows'];
  for (const route of CLIENT_ROUTES) {
    rows[route] = { current: current[route].length, here: here[route].length };
    const name = ROW_NAME[route];
    const byName = (list: unknown[]) => {
      const map = new Map<string, unknown>();
      for (const row of list) {
        const key = name(row);
        // Two rows of one name in one answer: the second is reported, not silently merged.
        if (map.has(key)) differences.push({ route, row: key, what: 'listed twice', current: list === current[route] ? row : undefined, here: list === here[route] ? row : undefined });
        else map.set(key, row);
      }
      return map;
    };
    const before = byName(current[route]);
    const after = byName(here[route]);
    for (const [key, row] of before) {
      const mine = after.get(key);
      if (mine === undefined) {
        differences.push({ route, row: key, what: 'missing here', current: row });
        continue;
      }
      const a = leaves(row);
      const b = leaves(mine);
      for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
        const x = a.get(path);
        const y = b.get(path);
        if (!same(x, y)) differences.push({ route, row: key, what: path, current: x, here: y });
      }
    }
    for (const [key, row] of after) if (!before.has(key)) differences.push({ route, row: key, what: 'only here', here: row });
  }
  return { rows, differences };
}

const shownValue = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value));

/** The comparison in lines for a terminal, the summary line last. */
export function comparisonLines(comparison: ClientComparison, limit = 50): string[] {
  const lines: string[] = [];
  for (const route of CLIENT_ROUTES) {
    const { current, here } = comparison.rows[route];
    const found = comparison.differences.filter((d) => d.route === route);
    lines.push(`${route}: ${current} rows in the current portal, ${here} here, ${found.length === 1 ? '1 difference' : `${found.length} differences`}`);
    for (const d of found.slice(0, limit))
      lines.push(
        d.what === 'missing here' || d.what === 'only here' || d.what === 'listed twice'
          ? `  ${d.row}: ${d.what}`
          : `  ${d.row}: ${d.what} is ${shownValue(d.current)} there, ${shownValue(d.here)} here`,
      );
    if (found.length > limit) lines.push(`  … and ${found.length - limit} more`);
  }
  const count = comparison.differences.length;
  lines.push(
    count === 0
      ? 'The clusters will see no change: every list they read answers the same here.'
      : `The clusters would see ${count === 1 ? '1 difference' : `${count} differences`}: do not switch them yet.`,
  );
  return lines;
}

/** Reads the three lists from a portal at `baseUrl` with an API key, as a cluster does. */
export async function readClientAnswers(baseUrl: string, key: string): Promise<ClientAnswers> {
  const answers = {} as ClientAnswers;
  for (const route of CLIENT_ROUTES) {
    const url = new URL(`api/v1/${route}`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Api-Key ${key}`, accept: 'application/json' } });
    } catch (error) {
      throw new Error(`cannot reach ${url.origin}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error(`${url} answered something other than a list`);
    answers[route] = parsed;
  }
  return answers;
}
