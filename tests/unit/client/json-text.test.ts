import i18next from 'i18next';
import en from '../../../src/client/i18n/en.json';
import hr from '../../../src/client/i18n/hr.json';
import { readJson } from '../../../src/client/features/rules/json-text';

/** What the rules' pages say about a text that is not JSON: where it stops, in the reader's words only. */
describe('readJson', () => {
  const instance = i18next.createInstance();
  beforeAll(() => instance.init({ lng: 'hr', resources: { hr: { translation: hr }, en: { translation: en } }, interpolation: { escapeValue: false } }));

  it('gives the value of a JSON text', () => {
    expect(readJson('{"a": [1, null]}', instance.t)).toEqual({ value: { a: [1, null] } });
  });

  it('says at which character a text stops being JSON, counted from 1, in Croatian and English', async () => {
    await instance.changeLanguage('hr');
    expect(readJson('{"a": 1,}', instance.t)).toEqual({ problem: 'Ovo nije ispravan JSON: greška je kod 9. znaka.' });
    await instance.changeLanguage('en');
    expect(readJson('{"a": 1,}', instance.t)).toEqual({ problem: 'This is not valid JSON: the error is at character 9.' });
  });

  it('says only that it is not JSON when the engine names no place', async () => {
    await instance.changeLanguage('hr');
    expect(readJson('', instance.t)).toEqual({ problem: 'Ovo nije ispravan JSON.' });
  });
});
