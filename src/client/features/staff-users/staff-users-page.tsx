import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Checkbox, Header, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { useUsersReadinessQuery } from '@/client/api/readiness';
import { useActiveUsersQuery } from '@/client/api/staff';
import { useStaffGridSource } from '@/client/api/grid-pages';
import { YES_NO, type FilterValues } from '@/schema-runtime/grid-filters';
import { SchemaGrid, tableLayout } from '@/client/engine/schema-grid';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { UsersToggle } from './users-toggle';
import './staff-users.css';

/** The readiness filter in the address, so a filtered list can be linked to. */
const FILTER_PARAM = 'readiness';
const NO_KEY = 'no-key-active';
const useWhole = (skip: boolean) => useActiveUsersQuery(undefined, { skip });
/**
 * A list paged on the server gets the readiness filter as the layout's key filter: members of
 * active projects without a key are exactly the active users with no key.
 */
const WITHOUT_KEY: FilterValues = { searchSSHKey: YES_NO.no };

/** /ui/users: users on active projects; optionally only the members without a key on active projects. */
export default function StaffUsersPage() {
  const { t } = useTranslation();
  const layout = tableLayout('tables/users-active');
  const [params, setParams] = useSearchParams();
  const noKeyOnly = params.get(FILTER_PARAM) === NO_KEY;
  const { data, loading, pages, errors } = useStaffGridSource('users-active', layout, useWhole);
  const readiness = useUsersReadinessQuery(NO_KEY, { skip: !noKeyOnly || pages !== undefined });
  useForbiddenRedirect(...errors);
  const rows = useMemo(() => {
    if (!noKeyOnly || !data || pages) return data;
    if (!readiness.data) return undefined;
    const usernames = new Set(readiness.data.users.map((u) => u.username));
    return data.filter((row) => usernames.has(row.username));
  }, [data, noKeyOnly, readiness.data, pages]);
  const toggle = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set(FILTER_PARAM, NO_KEY);
    else next.delete(FILTER_PARAM);
    setParams(next, { replace: true });
  };
  const toolbar = (
    <div className="users-toolbar">
      <UsersToggle inactive={false} />
      <Checkbox
        toggle
        id="readiness-filter-toggle"
        className="readiness-filter"
        data-testid="readiness-filter"
        label={t('readiness.filterNoKey')}
        checked={noKeyOnly}
        onChange={(_event, { checked }) => toggle(checked === true)}
      />
    </div>
  );
  return (
    <section data-page="staff-users">
      <Header as="h1">{t('staffUsers.title')}</Header>
      {noKeyOnly && readiness.isError && <Message negative content={t('readiness.filterFailed')} />}
      <SchemaGrid
        layout={layout}
        data={rows}
        loading={loading || (noKeyOnly && !pages && readiness.isFetching)}
        toolbar={toolbar}
        pages={pages}
        extraFilters={noKeyOnly ? WITHOUT_KEY : undefined}
      />
    </section>
  );
}
