/**
 * A stand-in for the current portal's external API, over real HTTP, answering from a database with
 * that portal's schema (scripts/lib/current-source.ts) as its views do (`../shared/reference/
 * server-behaviour.md` §2.3): `usersprojects` (memberships on projects with is_active), `sshkeys`
 * (every key with its owner's cluster login) and `accounting/projectsusers` (projects in approve,
 * expire or extend), in that portal's shapes. A key is checked as djangorestframework-api-key does
 * (`sha512$$` of the whole key; revoked and expired keys refused); a refused one gets Django REST
 * framework's 403. `plant` changes an answer before it is sent, for the differences a test plants.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { SourceDatabase } from '../../src/server/import-current/source-tables';

type Json = Record<string, unknown>;
type Route = 'usersprojects' | 'sshkeys' | 'accounting/projectsusers';

export interface CurrentPortalStandIn {
  url: string;
  /** Changes the rows of a route before they are sent (planted differences). */
  plant(route: Route, change: (rows: Json[]) => Json[]): void;
  close(): Promise<void>;
}

const values = (tags: unknown) => (Array.isArray(tags) ? tags.map((t) => (t && typeof t === 'object' ? String((t as Json).value) : String(t))) : []);
/** The current portal's serializer writes datetimes in its time zone with microseconds. */
const djangoTime = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString().replace('Z', '+00:00'));

async function usersProjects(db: Kysely<SourceDatabase>): Promise<Json[]> {
  const { rows } = await sql<Json & { u: Json; p: Json }>`
    SELECT m.id, m.date_joined, row_to_json(u) AS u, row_to_json(p) AS p, s.name AS state, t.name AS project_type
    FROM backend_userproject m JOIN backend_user u ON u.id = m.user_id JOIN backend_project p ON p.id = m.project_id
      JOIN backend_state s ON s.id = p.state_id JOIN backend_projecttype t ON t.id = p.project_type_id
    WHERE p.is_active ORDER BY m.id`.execute(db);
  return rows.map((r) => ({
    user: {
      id: r.u.id, person_oib: r.u.person_oib, first_name: r.u.first_name, last_name: r.u.last_name, person_mail: r.u.person_mail,
      person_username: r.u.person_username, person_type: r.u.person_type, username: r.u.username, status: r.u.status,
      is_active: r.u.is_active, is_staff: r.u.is_staff, is_superuser: r.u.is_superuser,
    },
    project: {
      id: r.p.id, identifier: r.p.identifier, is_active: r.p.is_active, name: r.p.name, institute: r.p.institute,
      project_type: r.project_type, resources_numbers: r.p.resources_numbers, staff_resources_type: values(r.p.staff_resources_type), state: r.state,
    },
    date_joined: djangoTime(r.date_joined as string),
  }));
}

async function sshKeys(db: Kysely<SourceDatabase>): Promise<Json[]> {
  const { rows } = await sql<Json>`
    SELECT k.name, k.fingerprint, k.public_key, k.date_created, u.id AS user_id, u.person_username
    FROM backend_sshpublickey k JOIN backend_user u ON u.id = k.user_id ORDER BY k.id`.execute(db);
  return rows.map((r) => ({
    name: r.name,
    fingerprint: r.fingerprint,
    public_key: r.public_key,
    date_created: djangoTime(r.date_created as string),
    user: { id: r.user_id, person_username: r.person_username },
  }));
}

/** The template's identifier rewrite: the first rule whose `from` occurs applies. */
const SIFRA_RULES = [
  { from: 'Grant agreement ID: ', to: '' },
  { from: '/', to: '-' },
  { from: ' ', to: '-' },
];

async function projectsUsers(db: Kysely<SourceDatabase>): Promise<Json[]> {
  const { rows } = await sql<Json & { p: Json }>`
    SELECT row_to_json(p) AS p, t.name AS type,
      (SELECT coalesce(json_agg(json_build_object('id', u.id, 'uid', u.person_uniqueid, 'ime', u.first_name, 'prezime', u.last_name,
          'mail', u.person_mail, 'ustanova', u.person_institution) ORDER BY m.id), '[]'::json)
       FROM backend_userproject m JOIN backend_user u ON u.id = m.user_id WHERE m.project_id = p.id) AS users
    FROM backend_project p JOIN backend_state s ON s.id = p.state_id JOIN backend_projecttype t ON t.id = p.project_type_id
    WHERE s.name IN ('approve', 'expire', 'extend') ORDER BY p.id`.execute(db);
  return rows.map(({ p, type, users }) => {
    const identifier = String(p.identifier);
    const rule = SIFRA_RULES.find((r) => identifier.includes(r.from));
    const fields = Array.isArray(p.science_field) ? (p.science_field as Json[]) : [];
    const finance = Array.isArray(p.croris_finance) && p.croris_finance.length ? p.croris_finance : [p.institute];
    return {
      id: p.id,
      sifra: rule ? identifier.split(rule.from).join(rule.to) : identifier,
      date_from: p.date_start,
      date_end: p.date_end,
      date_approved: p.date_approved ? String(p.date_approved).slice(0, 10) : null,
      type,
      name: p.name,
      ustanova: { naziv: p.institute, oib: '', mbu: '' },
      croris_url: p.croris_id ? `https://www.croris.hr/projekti/projekt/${p.croris_id}` : '',
      science_field: fields.map((d) => ({
        name: (d.name as Json)?.value ?? d.name,
        percent: Number(d.percent),
        scientificfields: ((d.scientificfields as Json[]) ?? []).map((f) => ({ name: (f.name as Json)?.value ?? f.name, percent: Number(f.percent) })),
      })),
      realm: '',
      finance,
      approved_resources: values(p.staff_resources_type),
      users,
    };
  });
}

const ANSWERS: Record<Route, (db: Kysely<SourceDatabase>) => Promise<Json[]>> = {
  usersprojects: usersProjects,
  sshkeys: sshKeys,
  'accounting/projectsusers': projectsUsers,
};

async function keyAllowed(db: Kysely<SourceDatabase>, header: string | undefined): Promise<boolean> {
  const key = /^Api-Key\s+(\S+)$/.exec(header ?? '')?.[1];
  if (!key) return false;
  const row = await db.selectFrom('rest_framework_api_key_apikey').selectAll().where('prefix', '=', key.split('.')[0]).executeTakeFirst();
  if (!row || row.revoked || (row.expiry_date && new Date(row.expiry_date) <= new Date())) return false;
  return row.hashed_key === `sha512$$${createHash('sha512').update(key).digest('hex')}`;
}

export async function startCurrentPortalStandIn(db: Kysely<SourceDatabase>): Promise<CurrentPortalStandIn> {
  const planted = new Map<Route, (rows: Json[]) => Json[]>();
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const route = /^\/api\/v1\/(usersprojects|sshkeys|accounting\/projectsusers)\/?$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1] as Route | undefined;
    if (!route) return send(404, { detail: 'Not found.' });
    keyAllowed(db, req.headers.authorization)
      .then(async (allowed) => {
        if (!allowed) return send(403, { detail: 'Authentication credentials were not provided.' });
        const rows = await ANSWERS[route](db);
        send(200, (planted.get(route) ?? ((r) => r))(rows));
      })
      .catch((error: Error) => send(500, { detail: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plant: (route, change) => void planted.set(route, change),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
