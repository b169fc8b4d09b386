import type hr from './hr.json';

/**
 * The interface texts come in three parts, so that a page loads only what it shows (issue 22: the
 * login page's bytes; issue 52: every signed-in page's first screen):
 * - `shell`: the groups the signed-out pages (login, the invitation, the federation's error and
 *   redirect pages, the error and not-found pages) and the frame around every page use;
 * - `rules`: the rules pages' own group (the rules in use, their editor, QA and editors), loaded
 *   before one of those pages renders (the route table's `texts`);
 * - `pages`: every other group, loaded before any other page renders (`i18n.ts` `pageTexts`).
 *
 * The build cuts each language's file into the three (`webpack.config.ts`); `hr.json` and `en.json`
 * stay one file each for translators. `tests/unit/client/text-parts.test.ts` reads the code of the
 * signed-out pages and the frame, and of every page but the rules pages, and fails when it names a
 * key outside the groups it loads.
 */
export const shellGroups = ['common', 'errors', 'footer', 'header', 'invitation', 'language', 'login', 'nav', 'saml2', 'titles'] as const;
export const rulesGroups = ['rules'] as const;

export type TextPart = 'shell' | 'pages' | 'rules';
export const textParts: readonly TextPart[] = ['shell', 'pages', 'rules'];
export type Translations = typeof hr;

/** The part a group of the texts (a text file's top-level key) is in. */
export function partOf(group: string): TextPart {
  if ((shellGroups as readonly string[]).includes(group)) return 'shell';
  return (rulesGroups as readonly string[]).includes(group) ? 'rules' : 'pages';
}

/** The groups of one part of a language's texts (a text file's top-level keys). */
export function textPart<T extends Record<string, unknown>>(texts: T, part: TextPart): Partial<T> {
  return Object.fromEntries(Object.entries(texts).filter(([group]) => partOf(group) === part)) as Partial<T>;
}
