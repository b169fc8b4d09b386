import { Button, Pagination } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useTranslation } from 'react-i18next';
import { useI18nKey } from './use-i18n-key';

/**
 * Under the grid: "1–30 od 120 projekata", the page-size choice (sizes up to the row count, plus
 * 'all'), the page buttons and the CSV export (with its progress while a paged list's rows are fetched).
 */
export function GridFooter({
  count,
  page,
  pageSize,
  sizes,
  resourceKey,
  onPage,
  onPageSize,
  onExport,
  exportProgress = null,
}: {
  count: number;
  page: number;
  pageSize: number;
  sizes: { sizes: number[]; all: boolean };
  resourceKey: string;
  onPage(page: number): void;
  onPageSize(size: number): void;
  onExport(): void;
  /** Percent of the rows fetched for an export under way; null when none is. */
  exportProgress?: number | null;
}) {
  const { t } = useTranslation();
  const tk = useI18nKey();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  const options = sizes.sizes.map((s) => ({ key: s, value: s, text: String(s) }));
  if (sizes.all) options.push({ key: count, value: count, text: t('grid.pageAll') });
  return (
    <div className="grid-footer">
      <span className="grid-count" data-testid="grid-count" data-count={count}>
        {t('grid.count', { from, to, count, resource: tk(resourceKey) })}
      </span>
      <span className="grid-page-size">
        {t('grid.pageSize')}{' '}
        <AccessibleDropdown
          inline
          aria-label={t('grid.pageSize')}
          value={sizes.sizes.includes(pageSize) ? pageSize : count}
          options={options}
          onChange={(_e, d) => onPageSize(Number(d.value))}
        />
      </span>
      {pages > 1 && (
        <Pagination
          size="mini"
          activePage={page + 1}
          totalPages={pages}
          firstItem={null}
          lastItem={null}
          onPageChange={(_e, d) => onPage(Number(d.activePage) - 1)}
        />
      )}
      <Button
        type="button"
        size="mini"
        basic
        icon="download"
        content={exportProgress === null ? t('grid.exportCsv') : t('grid.exporting', { percent: exportProgress })}
        onClick={onExport}
        disabled={count === 0 || exportProgress !== null}
        loading={exportProgress !== null}
      />
      {exportProgress !== null && (
        <span className="grid-export-progress" role="status" data-testid="grid-export-progress">
          {t('grid.exporting', { percent: exportProgress })}
        </span>
      )}
    </div>
  );
}
