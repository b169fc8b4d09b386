import type hr from './hr.json';

/**
 * The interface texts come in two parts, so that a signed-out visitor's page loads only what it
 * shows (issue 22: the login page's bytes):
 * - `shell`: the groups the signed-out pages (login, the invitation, the federation's error and
 *   redirect pages, the error and not-found pages) and the frame around every page use;
 * - `pages`: every other group, loaded before any other page renders (`i18n.ts` `pageTexts`).
 *
 * The build cuts each language's file into the two (`webpack.config.ts`); `hr.json` and `en.json`
 * stay one file each for translators. `tests/unit/client/text-parts.test.ts` reads the code of the
 * signed-out pages and the frame and fails when it names a key outside these groups.
 */
export const shellGroups = ['common', 'errors', 'footer', 'header', 'invitation', 'language', 'login', 'nav', 'saml2', 'titles'] as const;

export type TextPart = 'shell' | 'pages';
export type Translations = typeof hr;

/** The groups of one part of a language's texts (a text file's top-level keys). */
export function textPart<T extends Record<string, unknown>>(texts: T, part: TextPart): Partial<T> {
  const shell: readonly string[] = shellGroups;
  return Object.fromEntries(Object.entries(texts).filter(([group]) => shell.includes(group) === (part === 'shell'))) as Partial<T>;
}
