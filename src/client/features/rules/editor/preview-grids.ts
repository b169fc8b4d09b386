import { useAllProjectsQuery } from '@/client/api/projects';
import { useScienceSoftwareQuery } from '@/client/api/software';
import { useActiveUsersQuery, useInactiveUsersQuery } from '@/client/api/staff';
import { useStaffGridSource } from '@/client/api/grid-pages';
import type { StaffGridRows } from '@/client/engine/schema-grid/staff-grid-page';
import type { TableLayout } from '@/schema-runtime/table-layout';

/** Where the preview of a staff grid takes its rows: the list its page reads, and the page's title. */
export interface PreviewGrid {
  /** The i18n key of the grid page's heading. */
  titleKey: 'staffRequests.title' | 'staffProjects.title' | 'staffUsers.title' | 'staffUsers.inactiveTitle' | 'software.title';
  /** The rows, as the grid's page reads them (whole, or paged on the server from pagedFrom on). */
  useRows(grid: string, layout: TableLayout): StaffGridRows<unknown>;
}

const useAllProjects = (skip: boolean) => useAllProjectsQuery(undefined, { skip });
const useActiveUsers = (skip: boolean) => useActiveUsersQuery(undefined, { skip });
const useInactiveUsers = (skip: boolean) => useInactiveUsersQuery(undefined, { skip });

/** The staff grids by name (their layout file of schemas/tables), as their pages fill them. */
export const PREVIEW_GRIDS: Readonly<Record<string, PreviewGrid>> = {
  requests: { titleKey: 'staffRequests.title', useRows: (grid, layout) => useStaffGridSource(grid, layout, useAllProjects) },
  projects: { titleKey: 'staffProjects.title', useRows: (grid, layout) => useStaffGridSource(grid, layout, useAllProjects) },
  'users-active': { titleKey: 'staffUsers.title', useRows: (grid, layout) => useStaffGridSource(grid, layout, useActiveUsers) },
  'users-inactive': { titleKey: 'staffUsers.inactiveTitle', useRows: (grid, layout) => useStaffGridSource(grid, layout, useInactiveUsers) },
  software: {
    titleKey: 'software.title',
    useRows: () => {
      const { data, isLoading, error } = useScienceSoftwareQuery();
      return { data, loading: isLoading, pages: undefined, errors: [error] };
    },
  },
};
