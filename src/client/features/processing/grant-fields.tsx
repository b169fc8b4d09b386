import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Header, Input, Segment } from 'semantic-ui-react';
import type { GrantRulesGrant, ProjectChangeBody } from '@generated';
import { useGrantsQuery } from '@/client/api/grants';
import type { PortalProject } from '@/client/api/projects';
import { GrantTable, useClusterLabel } from '@/client/engine/grants/grant-table';
import { defaultGrants, grantRules, grantsHoursIn } from '@/schema-runtime/grant-rules';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { processingStates } from './vocabularies';

/** The grant draft by cluster: text as typed, '' for "not granted". */
type Draft = Record<string, { cpuh: string; gpuh: string }>;
const KINDS = ['cpuh', 'gpuh'] as const;

const rules = perSchemaSet(() => grantRules(schemas));
const clusters = perSchemaSet(() => schemas.vocabulary('rules/clusters').map((c) => c.value));

const asText = (v: number | null | undefined) => (v === undefined || v === null ? '' : String(v));
function draftOf(grants: readonly GrantRulesGrant[]): Draft {
  return Object.fromEntries(clusters().map((c) => {
    const g = grants.find((x) => x.cluster === c);
    return [c, { cpuh: asText(g?.cpuh), gpuh: asText(g?.gpuh) }];
  }));
}
function grantsOf(draft: Draft): GrantRulesGrant[] {
  return Object.entries(draft).flatMap(([cluster, d]) => {
    const grant: GrantRulesGrant = { cluster: cluster as GrantRulesGrant['cluster'] };
    for (const kind of KINDS) if (d[kind].trim() !== '' && Number.isFinite(Number(d[kind]))) grant[kind] = Number(d[kind]);
    return grant.cpuh !== undefined || grant.gpuh !== undefined ? [grant] : [];
  });
}

/** What the grant fields add to a saved change: the grants, when the target state grants hours and they differ from those in force. */
type GrantPart = (body: ProjectChangeBody) => Partial<ProjectChangeBody>;
const GrantPartContext = createContext<{ current: GrantPart }>({ current: () => ({}) });

/** The part of the change the grant fields contribute (for the save hook). */
export function useGrantPart(): GrantPart {
  const ref = useContext(GrantPartContext);
  return (body) => ref.current(body);
}

const targetOf = (body: ProjectChangeBody) => body.state ?? Object.entries(body.requestState ?? {}).find(([, on]) => on)?.[0];

/**
 * The hours granted per cluster on the processing screen (rules/grants.json, docs/decisions/0290):
 * the grants in force, and fields pre-filled with them or, for a project without any, with the
 * defaults for its type and resource types. They are sent with the save when the chosen state
 * grants hours (`grantsHours` in rules/states.json) and they changed.
 */
export function GrantFieldsProvider({ project, children }: { project: PortalProject; children: ReactNode }) {
  const { t } = useTranslation();
  const clusterLabel = useClusterLabel();
  const { data } = useGrantsQuery({ project: project.identifier });
  const inForce = useMemo(() => data?.projects[0]?.clusters.map((c) => ({ cluster: c.cluster, cpuh: c.cpuh?.granted, gpuh: c.gpuh?.granted })) ?? [], [data]);
  const suggested = useMemo(() => {
    if (inForce.length) return inForce;
    const types = [...(project.staff_resources_type ?? []), ...(project.resources_type ?? [])].map((r) => r.value);
    return defaultGrants(rules(), project.project_type.name, types);
  }, [inForce, project]);
  const [draft, setDraft] = useState<Draft>(() => draftOf([]));
  useEffect(() => setDraft(draftOf(suggested)), [suggested]);
  const part = useRef<GrantPart>(() => ({}));
  part.current = (body) => {
    const target = targetOf(body);
    const grants = grantsOf(draft);
    if (!target || !grantsHoursIn(processingStates(), target) || JSON.stringify(grants) === JSON.stringify(grantsOf(draftOf(inForce)))) return {};
    return { staff_grants: grants };
  };
  return (
    <GrantPartContext.Provider value={part}>
      <Segment className="grant-fields" data-testid="grant-fields">
        <Header as="h3">{t('grants.title')}</Header>
        {data?.projects[0] ? <GrantTable project={data.projects[0]} /> : <p>{t('grants.none')}</p>}
        <p className="muted">{t('grants.fieldsHelp')}</p>
        <Form>
          {clusters().map((cluster) => (
            <Form.Group key={cluster} widths="equal" unstackable>
              {KINDS.map((kind) => (
                <Form.Field key={kind}>
                  <label htmlFor={`grant-${cluster}-${kind}`}>{`${clusterLabel(cluster)} – ${t(`accounting.${kind}`)}`}</label>
                  <Input
                    id={`grant-${cluster}-${kind}`}
                    type="number"
                    min={0}
                    step="any"
                    value={draft[cluster]?.[kind] ?? ''}
                    onChange={(_e, d) => setDraft((old) => ({ ...old, [cluster]: { ...old[cluster], [kind]: d.value } }))}
                  />
                </Form.Field>
              ))}
            </Form.Group>
          ))}
        </Form>
      </Segment>
      {children}
    </GrantPartContext.Provider>
  );
}
