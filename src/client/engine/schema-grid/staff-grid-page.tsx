import type { ReactNode } from 'react';
import { Header } from 'semantic-ui-react';
import type { TableLayout } from '@/schema-runtime/table-layout';
import { useForbiddenRedirect } from '../use-forbidden-redirect';
import { SchemaGrid } from './schema-grid';
import type { GridPageFetch } from './use-server-pages';

/** A staff list as a page hands it over (api/grid-pages.ts `useStaffGridSource`): whole, or paged on the server. */
export interface StaffGridRows<T> {
  data: readonly T[] | undefined;
  loading: boolean;
  pages: GridPageFetch | undefined;
  /** Errors of the calls made: a 403 among them sends the browser to the login page. */
  errors: unknown[];
}

/** A staff page that is one heading over one grid of a staff list. */
export function StaffGridPage<T>({
  page,
  title,
  layout,
  rows,
  toolbar,
}: {
  /** The page's `data-page` name. */
  page: string;
  title: string;
  layout: TableLayout;
  rows: StaffGridRows<T>;
  toolbar?: ReactNode;
}) {
  useForbiddenRedirect(...rows.errors);
  return (
    <section data-page={page}>
      <Header as="h1">{title}</Header>
      <SchemaGrid layout={layout} data={rows.data} loading={rows.loading} pages={rows.pages} toolbar={toolbar} />
    </section>
  );
}
