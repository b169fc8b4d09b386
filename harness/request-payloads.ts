/** Request bodies as the new-request forms send them, for the request and project API tests. */

/** One domain, one field, both 100%. */
export const ONE_FIELD = [
  { name: { label: 'Tehničke znanosti', value: 'Tehničke znanosti' }, percent: 100, scientificfields: [{ name: { label: 'Računarstvo', value: 'Računarstvo' }, percent: 100 }] },
];

/** Applications the tests put in the installed-software list. */
export const SOFTWARE = ['gromacs/2023.3-cuda', 'qe/7.2-gnu'];

/** A general request (practical class unless `project_type` says otherwise). */
export function generalRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Paralelno programiranje 2026',
    reason: 'Vježbe iz MPI i OpenMP programiranja za 40 studenata.',
    date_start: '2026-03-01',
    date_end: '2026-12-31',
    institute: 'ignored by the server',
    project_type: 'practical',
    state: 'submit',
    science_software: [SOFTWARE[0]],
    science_extrasoftware: '',
    science_extrasoftware_help: false,
    science_field: ONE_FIELD,
    resources_numbers: { HPCnSlotsCPU: 64 },
    resources_type: [{ label: 'CPU', value: 'CPU' }],
    ...overrides,
  };
}

/** An institutional request lasting exactly one year. */
export function institutionalRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { name: _name, ...rest } = generalRequest({ project_type: 'research-institutional', date_start: '2026-01-15', date_end: '2027-01-15' });
  return { ...rest, ...overrides };
}

/** A research request for a registry project, echoing (or, with overrides, altering) what the registry showed. */
export function researchRequest(crorisId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    croris_id: crorisId,
    croris_title: 'Naslov koji je klijent poslao',
    croris_summary: 'Sažetak koji je klijent poslao.',
    croris_identifier: 'CLIENT-CODE',
    name: 'Naslov koji je klijent poslao',
    date_start: '2020-01-01',
    date_end: '2030-01-01',
    reason: 'Simulacije trebaju grafičke procesore.',
    project_type: 'research-croris',
    state: 'submit',
    science_field: ONE_FIELD,
    science_software: [SOFTWARE[1]],
    resources_numbers: { HPCnSlotsGPU: 4 },
    resources_type: [{ value: 'GPU' }],
    ...overrides,
  };
}
