import { useTranslation } from 'react-i18next';
import type { CellProps } from '../column-defs';
import { formatValue, valuesAt } from '../row-values';

const NO_FORMATTERS = { date: String, dateTime: String };

type NamedUsers = Record<string, { hr: string; en: string }>;

/**
 * "First Last" of the person object at the column's field. A username listed in the column's
 * `params.namedUsers` is not a person but a marker (the software list's initial set, stored as the
 * pseudo-user "initial"): it reads as its label in the grid's language.
 */
export function personNameText({ row, field, params, lang = 'hr' }: CellProps): string {
  const named = (params.namedUsers ?? {}) as NamedUsers;
  return valuesAt(row, field)
    .map((p) => {
      const username = (p as { username?: unknown } | null)?.username;
      return typeof username === 'string' && named[username] ? named[username][lang] : formatValue(p, 'personName', NO_FORMATTERS);
    })
    .join(', ');
}

/** A person's full name; a named marker follows the interface language as it changes. */
export function PersonNameCell(props: CellProps) {
  const { i18n } = useTranslation();
  return <span>{personNameText({ ...props, lang: i18n.language === 'en' ? 'en' : 'hr' })}</span>;
}
