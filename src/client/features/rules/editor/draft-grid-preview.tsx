import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';
import { SchemaGrid } from '@/client/engine/schema-grid';
import { SchemaSetProvider } from '@/client/engine/schema-set-provider';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { readTableLayout, type TableLayout } from '@/schema-runtime/table-layout';
import { PREVIEW_GRIDS, type PreviewGrid } from './preview-grids';
import { PreviewBroken } from './preview-broken';

type Json = Record<string, unknown>;

/**
 * A staff grid drawn with the draft's layout over the live rows its page reads (AG Grid loads
 * with it, not with the editor); its filters' choices, cells and page sizes read the draft's
 * `catalog`. A list paged on the server is filtered and sorted there by the layout and the
 * vocabularies in use, which the preview says; a layout the draft cannot give, or a grid no page
 * fills, is said so.
 */
export default function DraftGridPreview({ grid, doc, catalog }: { grid: string; doc: Json; catalog: SchemaCatalog }) {
  const { t } = useTranslation();
  const read = useMemo((): { layout: TableLayout } | { reason: string } => {
    try {
      return { layout: readTableLayout(doc) };
    } catch (error) {
      return { reason: error instanceof Error ? error.message : String(error) };
    }
  }, [doc]);
  const source = PREVIEW_GRIDS[grid];
  if ('reason' in read) return <PreviewBroken reason={read.reason} />;
  if (!source) return <Message info content={t('rules.editor.preview.noRows')} />;
  return (
    <SchemaSetProvider catalog={catalog}>
      <GridRows key={grid} grid={grid} layout={read.layout} source={source} />
    </SchemaSetProvider>
  );
}

function GridRows({ grid, layout, source }: { grid: string; layout: TableLayout; source: PreviewGrid }) {
  const { t } = useTranslation();
  const rows = source.useRows(grid, layout);
  return (
    <>
      {rows.pages && <p>{t('rules.editor.preview.paged')}</p>}
      <SchemaGrid layout={layout} data={rows.data as readonly unknown[] | undefined} loading={rows.loading} pages={rows.pages} />
    </>
  );
}
