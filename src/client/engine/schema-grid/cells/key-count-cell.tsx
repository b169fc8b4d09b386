import { Icon } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { CellProps } from '../column-defs';
import { valuesAt } from '../row-values';

/** Number of public keys at the column's field. */
export function keyCount({ row, field }: CellProps): number {
  const value = valuesAt(row, field)[0];
  return typeof value === 'number' ? value : 0;
}

/** A green key icon with the count, or a red one when the user has no key. */
export function KeyCountCell(props: CellProps) {
  const { t } = useTranslation();
  const count = keyCount(props);
  return count > 0 ? (
    <span className="grid-key-count" data-keys={count} title={t('grid.keys.some', { count })}>
      <Icon name="key" color="green" />
      {count}
    </span>
  ) : (
    <span className="grid-key-count" data-keys={0} title={t('grid.keys.none')}>
      <Icon name="key" color="red" />
    </span>
  );
}
