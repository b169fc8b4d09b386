import en from '../../../src/client/i18n/en.json';
import hr from '../../../src/client/i18n/hr.json';
import { isKeyUsed, readTranslationUsage } from './support/translation-usage';

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
}

function lookup(tree: unknown, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
}

describe('translations', () => {
  it('have the same keys in English as in Croatian', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(hr).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const key of keysOf(hr)) {
      expect({ key, placeholders: placeholders(lookup(en, key)) }).toEqual({ key, placeholders: placeholders(lookup(hr, key)) });
    }
  });

  it('hold no key the code does not use (by name, by a template below its path, or as a subtree taken whole)', () => {
    const usage = readTranslationUsage();
    expect(keysOf(hr).filter((key) => !isKeyUsed(key, usage))).toEqual([]);
  });

  it('contain the spec\'s exact Croatian texts', () => {
    expect(hr.header.logoutConfirm).toBe('Da li ste sigurni da se želite odjaviti?');
    expect(hr.login.failed).toBe('Prijava neuspjela, pogrešno korisničko ime i lozinka');
    expect(hr.login.required).toBe('Obvezno');
    expect(hr.header.roleUser).toBe('Korisnik');
  });
});
