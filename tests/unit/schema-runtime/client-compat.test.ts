import { mapCurrentClientBody } from '../../../src/schema-runtime/client-compat';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const map = (schema: string, body: unknown) => mapCurrentClientBody(catalog, schema, body);
const share = (domain: string, field: string) => ({ name: { label: domain, value: domain }, percent: 100, scientificfields: [{ name: { label: field, value: field }, percent: 100 }] });

describe('mapCurrentClientBody', () => {
  it("renames the client's fields to ours, its edited field winning over ours", () => {
    expect(map('api/project-change', { requestName: 'Novo ime', requestExplain: 'Zašto' })).toEqual({ body: { name: 'Novo ime', reason: 'Zašto' }, warnings: [] });
    expect(map('api/project-change', { name: 'Staro', requestName: 'Novo' }).body).toEqual({ name: 'Novo' });
    expect(map('api/project-change', { name: 'Staro', requestName: undefined }).body).toEqual({ name: 'Staro' });
  });

  it('ignores top-level fields the schema does not know, a warning each', () => {
    expect(map('api/project-change', { name: 'X', userproject_set: [], searchName: '' })).toEqual({
      body: { name: 'X' },
      warnings: ['/userproject_set: unknown field, ignored', '/searchName: unknown field, ignored'],
    });
  });

  it('takes an empty string as not given where the schema says so', () => {
    const { body, warnings } = map('api/invites-new', { project: 'NR-2026-03-001', collaboratorEmails: [{ label: 'a@fer.hr', value: 'a@fer.hr' }], foreignCollaboratorEmails: '' });
    expect(body).toEqual({ project: 'NR-2026-03-001', collaboratorEmails: [{ label: 'a@fer.hr', value: 'a@fer.hr' }] });
    expect(warnings).toEqual(['/foreignCollaboratorEmails: empty, not given']);
  });

  it('drops resource numbers sent as empty strings', () => {
    expect(map('api/project-change', { resources_numbers: { HPCnSlotsCPU: 4, HPCnSlotsGPU: '' } }).body).toEqual({ resources_numbers: { HPCnSlotsCPU: 4 } });
  });

  it('reads science domains and fields by either language, in any case, as our values', () => {
    const { body } = map('requests/practical-class', { science_field: [share(' natural SCIENCES ', 'physics')] });
    expect((body as any).science_field).toEqual([
      { name: { label: 'Prirodne znanosti', value: 'Prirodne znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Fizika', value: 'Fizika' }, percent: 100 }] },
    ]);
    const unknown = [share('Alkemija', 'Zlato')];
    expect((map('requests/practical-class', { science_field: unknown }).body as any).science_field).toEqual(unknown);
  });

  it('returns bodies of other schemas, and bodies that are not objects, as they are', () => {
    const body = { public_key: 'ssh-ed25519 AAAA', extra: 1 };
    expect(map('api/ssh-key-new', body)).toEqual({ body, warnings: [] });
    expect(map('api/project-change', ['a'])).toEqual({ body: ['a'], warnings: [] });
  });

  it('never changes the body it is given', () => {
    const body = { requestName: 'X', extra: 1 };
    map('api/project-change', body);
    expect(body).toEqual({ requestName: 'X', extra: 1 });
  });
});
