import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { readResourceLimits, type ResourceLimit } from '@/client/engine/schema-form/fields/resource-limits';
import type { LocaleText } from '@/client/engine/locale-text';

/*
 * The rules page's rows, read from the schema set in use with the annotations the rest of the
 * portal reads (the form's resource limits, the chooser's request types, the processing screen's
 * state options), so the page shows what the portal enforces.
 */

/** The limits of every requested resource number (rules/resource-limits.json), in schema order. */
export function resourceLimitRows(catalog: Pick<SchemaCatalog, 'schema'>): ResourceLimit[] {
  return readResourceLimits(catalog.schema(SCHEMA_IDS.resourceLimits));
}

/** Who may file a request type: only staff, leads of a registry project, users of an eligible institution, or any user. */
export type RequestFilers = 'staff' | 'registryLeads' | 'eligibleInstitutions' | 'users';

/** A request type of requests/index.json as the rules page shows it. */
export interface RequestTypeRow {
  value: string;
  label: LocaleText;
  /** The label of its project type (rules/project-types.json), or the stored value when it has none. */
  projectType: LocaleText;
  filers: RequestFilers;
  accepting: boolean;
  identifierPrefix: string;
}

interface RequestTypeEntry {
  projectType: string;
  staffOnly?: boolean;
  accepting?: boolean;
  identifierPrefix?: string;
  label: LocaleText;
}

interface ProjectTypeEntry {
  label?: LocaleText;
  registryBased?: boolean;
  institutional?: boolean;
}

/** The request types in chooser order, with their project type and who may file them. */
export function requestTypeRows(catalog: Pick<SchemaCatalog, 'vocabulary'>): RequestTypeRow[] {
  const projectTypes = new Map(catalog.vocabulary<ProjectTypeEntry>(SCHEMA_IDS.projectTypes).map((p) => [p.value, p]));
  return catalog.vocabulary<RequestTypeEntry>(SCHEMA_IDS.requestTypes).map((type) => {
    const project = projectTypes.get(type.projectType);
    const filers: RequestFilers =
      type.staffOnly === true ? 'staff' : project?.registryBased === true ? 'registryLeads' : project?.institutional === true ? 'eligibleInstitutions' : 'users';
    return {
      value: type.value,
      label: type.label,
      projectType: project?.label ?? { hr: type.projectType, en: type.projectType },
      filers,
      accepting: type.accepting !== false,
      identifierPrefix: type.identifierPrefix ?? '',
    };
  });
}

/** A state of rules/states.json with the states it may move to, as labels. */
export interface StateRow {
  value: string;
  label: LocaleText;
  userLabel: LocaleText;
  tooltip: LocaleText;
  /** The states staff may choose for a project in this state (itself left out: keeping it is no move). */
  staffMoves: LocaleText[];
  /** The states a project lead may ask for. */
  leadMoves: LocaleText[];
}

interface StateEntry {
  label: LocaleText;
  userLabel?: LocaleText;
  tooltip?: LocaleText;
  staffOptions?: string[];
  leadOptions?: string[];
}

/** The states in vocabulary order with their allowed transitions. */
export function stateRows(catalog: Pick<SchemaCatalog, 'vocabulary'>): StateRow[] {
  const states = catalog.vocabulary<StateEntry>(SCHEMA_IDS.states);
  const labels = new Map(states.map((s) => [s.value, s.label]));
  const labelOf = (value: string): LocaleText => labels.get(value) ?? { hr: value, en: value };
  return states.map((state) => ({
    value: state.value,
    label: state.label,
    userLabel: state.userLabel ?? state.label,
    tooltip: state.tooltip ?? { hr: '', en: '' },
    staffMoves: (state.staffOptions ?? []).filter((to) => to !== state.value).map(labelOf),
    leadMoves: (state.leadOptions ?? []).map(labelOf),
  }));
}
