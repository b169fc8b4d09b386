/**
 * Attribute values of a SAML assertion by their friendly names. The national federation names its
 * attributes by their LDAP names; eduGAIN identity providers usually by OID (urn:oid:…), which we
 * map to the same friendly names, so the rules below speak one vocabulary.
 */
const OID_NAMES: Record<string, string> = {
  'urn:oid:2.5.4.42': 'givenName',
  'urn:oid:2.5.4.4': 'sn',
  'urn:oid:0.9.2342.19200300.100.1.3': 'mail',
  'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'eduPersonPrincipalName',
  'urn:oid:1.3.6.1.4.1.5923.1.1.1.1': 'eduPersonAffiliation',
  'urn:oid:1.3.6.1.4.1.5923.1.1.1.9': 'eduPersonScopedAffiliation',
  'urn:oid:2.5.4.10': 'o',
  'urn:oid:2.5.4.11': 'ou',
  'urn:oid:1.3.6.1.4.1.25178.1.2.9': 'schacHomeOrganization',
};

/** First values of each attribute (the reference applies the first value of each). */
export type Attributes = Record<string, string>;

export function readAttributes(raw: Record<string, unknown> | undefined): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    const text = typeof first === 'string' ? first : typeof first === 'object' && first && '_' in first ? String((first as { _: unknown })._) : undefined;
    if (text === undefined || text.trim() === '') continue;
    out[OID_NAMES[name] ?? name] = text.trim();
  }
  return out;
}

/** The names in `required` that `attributes` lacks, in the order given. */
export function missingAttributes(attributes: Attributes, required: readonly string[]): string[] {
  return required.filter((name) => !attributes[name]);
}

/** Attributes a national-federation login needs: the lookup key and the username of a new user. */
export const NATIONAL_REQUIRED = ['hrEduPersonOIB', 'hrEduPersonUniqueID'] as const;

/** Attributes an eduGAIN login needs to create or find a user. */
export const EDUGAIN_REQUIRED = ['eduPersonPrincipalName', 'givenName', 'sn', 'mail'] as const;

/** Every value of one element anywhere in a parsed (xml2js) assertion, e.g. AuthenticatingAuthority. */
export function findValues(node: unknown, name: string, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) findValues(item, name, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      const local = key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
      if (local === name) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (typeof item === 'string') found.push(item);
          else if (item && typeof item === 'object' && typeof (item as { _?: unknown })._ === 'string') found.push((item as { _: string })._);
        }
      } else findValues(value, name, found);
    }
  }
  return found;
}
