/**
 * The operator's file of names for the external API (EXTERNAL_API_MAPS, format in
 * schemas/api/external-maps.json): identifier rewrites, institutions and realms.
 */
import { readFileSync } from 'node:fs';
import type { ExternalApiMaps } from '@generated';
import { formatIssue, type SchemaSet } from '@/schema-runtime';

/** What a project's institute is called towards the clusters. */
export interface InstitutionNames {
  naziv: string;
  oib: string;
  mbu: string;
  realm: string;
}

/** The maps with their lookups prepared. */
export interface ExternalMaps {
  rewriteIdentifier(identifier: string): string;
  institution(institute: string): InstitutionNames;
}

/**
 * Reads and checks the file at `path` (none: no rewrites, institutes named as they are).
 *
 * @throws Error naming the file and every problem when it cannot be read or breaks the schema
 */
export function loadExternalMaps(schemas: SchemaSet, path: string | undefined): ExternalMaps {
  let maps: ExternalApiMaps = {};
  if (path) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`EXTERNAL_API_MAPS ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const result = schemas.validate('api/external-maps', parsed);
    if (!result.valid) throw new Error(`EXTERNAL_API_MAPS ${path}:\n${result.issues.map((i) => `${i.path || '/'}: ${formatIssue(i, 'en')}`).join('\n')}`);
    maps = parsed as ExternalApiMaps;
  }
  const rewrites = maps.identifierRewrites ?? [];
  const institutions = new Map((maps.institutions ?? []).map((i) => [i.name, i]));
  const realms = maps.realms ?? [];
  return {
    rewriteIdentifier: (identifier) => rewrites.reduce((id, rule) => id.split(rule.from).join(rule.to), identifier),
    institution: (institute) => {
      const known = institutions.get(institute);
      const realm = known?.realm || realms.find((r) => institute.includes(r.from))?.to || '';
      return { naziv: known?.fullName || institute, oib: known?.oib ?? '', mbu: known?.mbu ?? '', realm };
    },
  };
}
