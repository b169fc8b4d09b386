jest.mock('../../../src/client/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'));

import type { InstituteCheck, RegistryInfo } from '../../../generated';
import { allRequestTypes, offeredRequestTypes, requestTypeBlock } from '../../../src/client/features/requests/request-types';
import { registryDateToApi, registryPrefill } from '../../../src/client/features/requests/registry-prefill';

const type = (value: string) => allRequestTypes().find((t) => t.value === value)!;
const deny = (message: InstituteCheck['status']['message']): InstituteCheck => ({ status: { code: 200, operation: 'DENY', message } });
const registry = (code: number, leads: boolean): RegistryInfo => ({
  status: { code, message: code === 200 ? 'OK' : 'Ne postoji traženi resurs' },
  data: code === 200 ? {
    person_info: { lead_status: leads },
    projects_lead_info: leads ? [{ croris_id: 5, title: 'P', start: '01.01.2024', end: '31.12.2027' }] : [],
    projects_associate_info: [],
    projects_lead_users: {},
  } : undefined,
});

describe('the new-request chooser', () => {
  it('hides internal and workshop types from non-staff', () => {
    expect(offeredRequestTypes(false).map((t) => t.value)).toEqual(['research-project', 'institutional-project', 'practical-class', 'thesis-project']);
    expect(offeredRequestTypes(true)).toHaveLength(6);
  });

  it('blocks every type for foreign researchers', () => {
    expect(requestTypeBlock(type('practical-class'), { foreign: true })).toEqual({ kind: 'foreign' });
  });

  it('blocks the institutional type when the check says DENY, with its reason', () => {
    expect(requestTypeBlock(type('institutional-project'), { foreign: false, instituteCheck: deny('MBZ unknown') })).toEqual({ kind: 'institute', reason: 'MBZ unknown' });
    expect(requestTypeBlock(type('practical-class'), { foreign: false, instituteCheck: deny('MBZ unknown') })).toBeNull();
  });

  it('blocks the research type without registry data or lead projects', () => {
    expect(requestTypeBlock(type('research-project'), { foreign: false, registry: registry(404, false) })).toEqual({ kind: 'registry' });
    expect(requestTypeBlock(type('research-project'), { foreign: false, registry: registry(200, false) })).toEqual({ kind: 'registry' });
    expect(requestTypeBlock(type('research-project'), { foreign: false, registry: registry(200, true) })).toBeNull();
  });

  it('pre-fills the research form from the registry project', () => {
    expect(registryDateToApi('31.12.2027')).toBe('2027-12-31');
    const data = registryPrefill(
      { croris_id: 5, title: 'Klima', identifier: 'IP-1', start: '01.01.2024', end: '31.12.2027', institute: [{ class: 'partner', name: 'A' }, { class: 'nositelj', name: 'FER' }] },
      [{ first_name: 'Ivan', last_name: 'K' }],
      undefined,
    );
    expect(data).toMatchObject({ croris_id: 5, name: 'Klima', date_start: '2024-01-01', date_end: '2027-12-31', institute: 'FER', croris_identifier: 'IP-1' });
  });
});
