/**
 * Small schemas the component tests render from, added to the portal's own set (which supplies
 * the service, constants and vocabularies the shell reads): a request form with a name, two
 * resource numbers, science domains and two resource types, one staff-only; and a grid layout.
 */
export const SMALL_FORM = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://portal.schemas/requests/component-form.json',
  title: 'ComponentForm',
  type: 'object',
  required: ['name', 'science_field'],
  properties: {
    name: { type: 'string', minLength: 1, notBlank: true, maxLength: 20, plainText: 'oneLine', label: { hr: 'Naziv pokusa', en: 'Trial name' } },
    science_field: { $ref: '../rules/science-domains.json', label: { hr: 'Područja', en: 'Domains' } },
    resources_type: {
      type: 'array',
      uniqueItems: true,
      label: { hr: 'Vrste', en: 'Kinds' },
      items: {
        type: 'object',
        required: ['value'],
        properties: { label: { type: 'string' }, value: { oneOf: [{ const: 'CPU' }, { const: 'PENKALA', staffOnly: true }] } },
        additionalProperties: false,
      },
    },
    resources_numbers: {
      type: 'object',
      label: { hr: 'Resursi', en: 'Resources' },
      properties: {
        HPCnSlotsCPU: { type: 'integer', minimum: 1, maximum: 8, group: 'HPC', label: { hr: 'Jezgre pokusa', en: 'Trial cores' } },
        CLOUDnVM: { type: 'integer', minimum: 1, maximum: 3, group: 'CLOUD', label: { hr: 'Poslužitelji pokusa', en: 'Trial servers' } },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
  uiSchema: {
    'ui:order': ['name', 'science_field', 'resources_type', 'resources_numbers'],
    science_field: { 'ui:field': 'scienceDomains' },
    resources_type: { 'ui:field': 'resourceTypes' },
    resources_numbers: { 'ui:field': 'resourceNumbers' },
  },
};

export const SMALL_TABLE = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://portal.schemas/tables/component-table.json',
  title: 'ComponentTable',
  columns: [
    { field: 'rowNumber', headerKey: 'grid.columns.number', renderer: 'rowNumber', width: 70 },
    { field: 'name', headerKey: 'grid.columns.module', flex: 2, sort: { paths: ['name'] } },
    { field: 'created', headerKey: 'grid.columns.added', renderer: 'dateTime', width: 160, sort: { paths: ['created'] } },
  ],
  layout: {
    defaultPageSizeConstant: 'softwarePageSize',
    pageSizesConstant: 'pageSizes',
    resourceKey: 'grid.resources.software',
    emptyKey: 'software.empty',
    noMatchKey: 'software.noMatch',
    exportName: 'component',
    rowNumbers: 'countDown',
    filters: [{ key: 'name', kind: 'text', labelKey: 'grid.filters.module', paths: ['name'] }],
  },
};
