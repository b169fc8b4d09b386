import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Header, Loader, Menu, Message } from 'semantic-ui-react';
import { useMyUsageQuery, useProjectUsageQuery, useProjectUsersUsageQuery, type UsageAnswer, type UsageQuery } from '@/client/api/accounting';
import { isLead, useSessionQuery } from '@/client/api/session';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useForbiddenRedirect } from '@/client/engine/use-forbidden-redirect';
import { useToast } from '@/client/shared/toast/use-toast';
import { paths } from '@/schema-runtime/pages';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { AccountingToolbar, type FilterSpec, type PeriodChoice } from './accounting-toolbar';
import { ClusterCharts } from './cluster-charts';
import { clustersWithUsage, pickerOptions } from './usage-series';
import './accounting.css';

/** Which of the three pages: the caller's own usage, their projects', or their projects' users'. */
export type AccountingKind = 'mine' | 'projects' | 'projectUsers';

interface ClusterRule {
  value: string;
  label: { hr: string; en: string };
  service?: 'notebook' | 'galaxy';
}
const clusterRulesOf = perSchemaSet(() => schemas.vocabulary<Omit<ClusterRule, 'value'>>('rules/clusters') as ClusterRule[]);

const TITLE_KEY = { mine: 'myAccounting', projects: 'projectAccounting', projectUsers: 'projectUsersAccounting' } as const;

/** One of the three accounting pages: tabs for leads, the toolbar, what the page adds (`children`) and the charts per cluster. */
export function AccountingView({ kind, children }: { kind: AccountingKind; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { data: session } = useSessionQuery();
  const lead = isLead(session?.userdetails);
  const [cumulative, setCumulative] = useState(true);
  const [period, setPeriod] = useState<PeriodChoice>(schemas.constants.accountingDefaultRange as PeriodChoice);
  const [project, setProject] = useState('');
  const [user, setUser] = useState('');

  const query: UsageQuery = {
    ...(typeof period === 'number' ? { year: period } : { range: period }),
    ...(kind === 'projectUsers' && project ? { project } : {}),
  };
  const mine = useMyUsageQuery(query, { skip: kind !== 'mine' });
  const projects = useProjectUsageQuery(query, { skip: kind !== 'projects' });
  const users = useProjectUsersUsageQuery(query, { skip: kind !== 'projectUsers' });
  const result = kind === 'mine' ? mine : kind === 'projects' ? projects : users;
  const answer: UsageAnswer | undefined = result.data;
  useForbiddenRedirect(result.error);
  useEffect(() => {
    if (isApiError(result.error) && result.error.status !== 403)
      toast.error(apiErrorText(t('accounting.loadFailed'), result.error), { id: 'accounting-fetch' });
  }, [result.error, t, toast]);

  const lang = i18n.language === 'en' ? 'en' : 'hr';
  const clusterRules = clusterRulesOf();
  const shown = clusterRules.filter((c) => kind === 'mine' || !c.service);
  const present = useMemo(() => clustersWithUsage(answer, shown.map((c) => c.value)), [answer, shown]);
  const main = present.filter((p) => !clusterRules.find((c) => c.value === p.name)?.service);
  const services = present.filter((p) => clusterRules.find((c) => c.value === p.name)?.service);
  const labelOf = (name: string) => clusterRules.find((c) => c.value === name)?.label[lang] ?? name;
  const names = kind === 'projectUsers' ? (answer?.users_mapping ?? {}) : (answer?.projects_mapping ?? {});
  const columnFilter = kind === 'projectUsers' ? user : project;

  const filters: FilterSpec[] = [
    { id: 'accounting-project', label: t('accounting.project'), allLabel: t('accounting.allProjects'), value: project, options: pickerOptions(answer?.projects_mapping), onChange: setProject },
  ];
  if (kind === 'projectUsers')
    filters.push({ id: 'accounting-user', label: t('accounting.user'), allLabel: t('accounting.allUsers'), value: user, options: pickerOptions(answer?.users_mapping), onChange: setUser });

  return (
    <section data-page={`accounting-${kind}`} className="accounting-page">
      <Header as="h1">{t(`titles.${TITLE_KEY[kind]}`)}</Header>
      {lead && (
        <Menu secondary pointing aria-label={t('nav.resourceUsage')}>
          <Menu.Item as={NavLink} to={paths.projectAccounting.href} content={t('accounting.tabs.projects')} />
          <Menu.Item as={NavLink} to={paths.projectUsersAccounting.href} content={t('accounting.tabs.projectUsers')} />
          <Menu.Item as={NavLink} to={paths.myAccounting.href} content={t('accounting.tabs.mine')} />
        </Menu>
      )}
      <AccountingToolbar
        cumulative={cumulative}
        onCumulative={setCumulative}
        period={period}
        years={answer?.years ?? []}
        onPeriod={setPeriod}
        filters={filters}
      />
      {children}
      {!answer && result.isFetching && <Loader active inline="centered" content={t('accounting.loading')} />}
      {answer && !present.length && !result.isFetching && (
        <Message info data-testid="accounting-empty">
          {t('accounting.empty')}
        </Message>
      )}
      <div className={result.isFetching ? 'accounting-charts accounting-refreshing' : 'accounting-charts'} aria-busy={result.isFetching}>
        {main.map(({ name, usage }) => (
          <ClusterCharts
            key={name}
            cluster={name}
            title={labelOf(name)}
            usage={usage}
            cumulative={cumulative}
            filter={columnFilter}
            names={names}
            forecast={kind === 'projects' ? answer?.forecast : undefined}
          />
        ))}
        {services.length > 0 && (
          <>
            <Header as="h2" size="medium">
              {t('accounting.services')}
            </Header>
            {services.map(({ name, usage }) => {
              const service = clusterRules.find((c) => c.value === name)?.service;
              return (
                <ClusterCharts
                  key={name}
                  cluster={name}
                  title={t(service === 'notebook' ? 'accounting.notebookService' : 'accounting.galaxyService', { cluster: labelOf(name) })}
                  usage={usage}
                  cumulative={cumulative}
                  filter={columnFilter}
                  names={names}
                />
              );
            })}
          </>
        )}
      </div>
    </section>
  );
}
