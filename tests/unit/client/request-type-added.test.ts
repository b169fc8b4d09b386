import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { SCHEMA_IDS } from '../../../src/schema-runtime/schema-ids';
import { addSummerSchool, copySchemas } from '../../../harness/schema-copy';

const copy = copySchemas();
addSummerSchool(copy);

/** The shell's schema catalog, built from the edited copy instead of the bundled schemas/. */
jest.mock('../../../src/client/shared/schema-set', () => {
  const docs = [
    ...readdirSync(join(copy.dir, 'rules')).map((f) => join(copy.dir, 'rules', f)),
    join(copy.dir, 'requests', 'index.json'),
  ].map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  const schemas = createSchemaCatalog(docs);
  return { schemas, requestTypes: () => schemas.vocabulary(SCHEMA_IDS.requestTypes) };
});

afterAll(() => copy.remove());

describe('a request type added to schemas/requests', () => {
  it('appears in the chooser for every user, with no code change', () => {
    const { offeredRequestTypes } = jest.requireActual('../../../src/client/features/requests/request-types');
    const offered = offeredRequestTypes(false).map((t: { value: string }) => t.value);
    expect(offered).toContain('summer-school');
    expect(offered.indexOf('summer-school')).toBe(offered.length - 1);
  });

  it('gets its own page in the route table', () => {
    const { requestTypeOfPath } = jest.requireActual('../../../src/client/features/requests/request-types');
    expect(requestTypeOfPath('/ui/new-request/summer-school')).toMatchObject({ form: 'summer-school.json', projectType: 'summer-school' });
  });
});
