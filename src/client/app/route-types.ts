import type { ComponentType } from 'react';
import type hr from '@/client/i18n/hr.json';
import type { Locale } from '@/client/i18n/i18n';
import type { AccessGroup } from '@/schema-runtime/pages';
import type { Prefetch } from '@/client/api/prefetch';

export type { AccessGroup };

export type TitleKey = keyof typeof hr.titles;

/** A page title: a translation key, or a bilingual label read from a schema (request types). */
export type RouteTitle = { key: TitleKey } | { text: Record<Locale, string> };

/** One page of the route table. */
export interface PageRoute {
  /** Path below /ui. */
  path: string;
  access: AccessGroup;
  title: RouteTitle;
  /** Lazy page module; each page is its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
  /** The page's first calls, started with its chunk when the app opens on it (`api/prefetch.ts`). */
  prefetch?: Prefetch;
  /** Params that must be all digits; anything else shows the not-found page. */
  numericParams?: readonly string[];
  /** A language the page forces (the English invitation link). */
  locale?: Locale;
  /**
   * `either`: a public page shown in the logged-in frame to a signed-in user and in the login frame
   * otherwise (the accessibility statement, the privacy notice); it loads the pages' texts.
   */
  frame?: 'either';
  /** A part of the texts the page needs beside the pages' (the rules pages: `rules`; i18n/text-parts.ts). */
  texts?: 'rules';
}

/** What each matched route carries in `handle`, read by the shell (title, referrer, language). */
export type RouteHandle = Pick<PageRoute, 'access' | 'title' | 'locale'>;
