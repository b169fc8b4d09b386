import { defaultSchemasDir, loadSchemaFiles } from '../../../src/schema-runtime/node';
import { isRecord, resolveUri, valueAt, type Json } from '../../../src/schema-runtime/schema-walk';

/*
 * Every free text a caller can send says whether it is one line or several (`plainText`), so a
 * control character or a text-direction override is refused in every field, by the form, the
 * server and the QA tool alike. A text already held to a vocabulary, a format or a pattern needs
 * no more. Two take any character: a password is never shown, mailed or listed, and a key is
 * deleted by the name it was stored under, also one stored before the rule.
 */
const NOT_SHOWN = new Set([
  'https://portal.schemas/api/login.json#/properties/password',
  'https://portal.schemas/api/ssh-key-delete.json#/properties/name',
]);

const docs = loadSchemaFiles(defaultSchemasDir()) as Json[];
const byId = new Map(docs.map((doc) => [String(doc.$id), doc]));
const bodies = docs.filter((doc) => /\/(api|requests)\//.test(String(doc.$id)) && doc.noNul === true);

/** The free texts below a body schema without `plainText`, as `$id#pointer`, following `$ref`s. */
function unmarkedTexts(root: Json): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (node: unknown, id: string, pointer: string) => {
    const at = `${id}#${pointer}`;
    if (!isRecord(node) || seen.has(at)) return;
    seen.add(at);
    if (typeof node.$ref === 'string') {
      const target = resolveUri(node.$ref, id)!;
      const targetId = target.href.replace(/#.*$/, '');
      walk(valueAt(byId.get(targetId), decodeURIComponent(target.hash.slice(1))), targetId, decodeURIComponent(target.hash.slice(1)));
    }
    const types = [node.type].flat();
    const constrained = ['enum', 'const', 'format', 'pattern', 'oneOf', 'anyOf'].some((k) => k in node);
    if (types.includes('string') && !constrained && node.plainText === undefined && !NOT_SHOWN.has(at)) found.push(at);
    for (const key of ['items', 'additionalProperties', 'then', 'else'] as const) walk(node[key], id, `${pointer}/${key}`);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((item, i) => walk(item, id, `${pointer}/${key}/${i}`));
    if (isRecord(node.properties)) for (const [name, child] of Object.entries(node.properties)) walk(child, id, `${pointer}/properties/${name}`);
  };
  walk(root, String(root.$id), '');
  return found;
}

describe('plainText on every text a caller sends', () => {
  it('finds the body schemas', () => {
    expect(bodies.map((b) => String(b.$id).replace('https://portal.schemas/', ''))).toEqual(
      expect.arrayContaining(['api/ssh-key-new.json', 'api/project-change.json', 'api/extension-new.json', 'requests/research-project.json']),
    );
  });

  it.each(bodies.map((b) => [String(b.$id).replace('https://portal.schemas/', ''), b] as const))('%s marks each free text', (_name, body) => {
    expect(unmarkedTexts(body)).toEqual([]);
  });
});
