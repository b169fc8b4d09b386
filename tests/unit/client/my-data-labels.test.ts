import en from '../../../src/client/i18n/en.json';
import hr from '../../../src/client/i18n/hr.json';
import personalData from '../../../schemas/api/personal-data.json';

/** Every field name of the export's sections (nested lists too), as the summary page shows them. */
function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as { properties?: Record<string, unknown>; items?: unknown };
  return [...Object.entries(node.properties ?? {}).flatMap(([key, child]) => [key, ...fieldsOf(child)]), ...fieldsOf(node.items)];
}

/** The My data page labels each field in the reader's language, never with the document's key. */
describe('the labels of My data', () => {
  const fields = [...new Set(Object.values(personalData.properties).flatMap((section) => fieldsOf(section)))].sort();

  it('name every field of the export in Croatian and English', () => {
    expect(fields.length).toBeGreaterThan(50);
    const labels = { hr: hr.myInfo.data.fields as Record<string, string>, en: en.myInfo.data.fields as Record<string, string> };
    for (const lang of ['hr', 'en'] as const) expect(fields.filter((key) => !labels[lang][key])).toEqual([]);
    expect(labels.hr.person_oib).toBe('OIB');
    expect(labels.en.user_agent).toBe('Browser');
  });

  it('label no field that is not in the export', () => {
    expect(Object.keys(hr.myInfo.data.fields).filter((key) => !fields.includes(key))).toEqual([]);
  });
});
