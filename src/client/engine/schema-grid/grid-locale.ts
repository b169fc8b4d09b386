import { AG_GRID_LOCALE_EN, AG_GRID_LOCALE_HR } from '@ag-grid-community/locale';

/** AG Grid's own texts (overlays, menus, aria labels) per interface language; English for any other. */
const GRID_LOCALES: Record<string, Record<string, string>> = { hr: AG_GRID_LOCALE_HR, en: AG_GRID_LOCALE_EN };

export function gridLocaleText(language: string): Record<string, string> {
  return GRID_LOCALES[language] ?? AG_GRID_LOCALE_EN;
}
