import { AG_GRID_LOCALE_HR } from '@ag-grid-community/locale';

/**
 * AG Grid's own texts (overlays, menus, aria labels) per interface language. English is the grid's
 * built-in text, so only the other languages are bundled (each costs about 8 KB gzip).
 */
const GRID_LOCALES: Record<string, Record<string, string>> = { hr: AG_GRID_LOCALE_HR };

export function gridLocaleText(language: string): Record<string, string> | undefined {
  return GRID_LOCALES[language];
}
