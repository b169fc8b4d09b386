import { stateLabelIn, typeLabelIn } from '@/client/engine/renderers';
import type { CellProps, RendererRegistry } from '../column-defs';
import { valuesAt } from '../row-values';
import { ActionCell } from './action-cell';
import { CopyCell } from './copy-cell';
import { DateCell, dateText } from './date-cell';
import { DateRangeCell, dateRangeText } from './date-range-cell';
import { KeyCountCell, keyCount } from './key-count-cell';
import { PeopleCell, peopleText } from './people-cell';
import { PercentCell, percentText } from './percent-cell';
import { PersonNameCell, personNameText } from './person-name-cell';
import { ProjectBadgesCell, projectBadgesText } from './project-badges-cell';
import { ProjectSummaryCell, projectSummaryText } from './project-summary-cell';
import { ResourceTagsCell, resourceValues } from './resource-tags-cell';
import { RowNumberCell } from './row-number-cell';
import { StateCell } from './state-cell';
import { TextCell, cellText } from './text-cell';
import { TypeBadgeCell } from './type-badge-cell';
import { UserLabelsCell, userLabelsText } from './user-labels-cell';
import { UserNameCell, userNameText } from './user-name-cell';

/** The first value at the cell's field as the label of its vocabulary entry, in the grid's language and catalog. */
function labelText(label: (value: string, lang: 'hr' | 'en', catalog: CellProps['catalog']) => string) {
  return ({ row, field, lang = 'hr', catalog }: CellProps) => {
    const value = valuesAt(row, field)[0];
    return typeof value === 'string' ? label(value, lang, catalog) : '';
  };
}

function DateOnlyCell(props: CellProps) {
  return <DateCell {...props} time={false} />;
}

function DateTimeCell(props: CellProps) {
  return <DateCell {...props} time />;
}

/**
 * The named cell renderers every grid layout may use (`renderer` in `schemas/tables/*.json`).
 * `text` is what the CSV export writes for the cell.
 */
export const cellRenderers: RendererRegistry = {
  text: { component: TextCell, text: cellText },
  rowNumber: { component: RowNumberCell, text: (p) => String(p.rowNumber) },
  state: { component: StateCell, text: labelText((v, lang, catalog) => stateLabelIn(v, lang, 'staff', catalog)) },
  date: { component: DateOnlyCell, text: (p) => dateText(p, false) },
  dateTime: { component: DateTimeCell, text: (p) => dateText(p, true) },
  dateRange: { component: DateRangeCell, text: dateRangeText },
  copy: { component: CopyCell, text: cellText },
  typeBadge: { component: TypeBadgeCell, text: labelText(typeLabelIn) },
  resourceTags: { component: ResourceTagsCell, text: (p) => resourceValues(p.row, p.field).join(' ') },
  people: { component: PeopleCell, text: peopleText },
  personName: { component: PersonNameCell, text: personNameText },
  projectSummary: { component: ProjectSummaryCell, text: projectSummaryText },
  userName: { component: UserNameCell, text: userNameText },
  userLabels: { component: UserLabelsCell, text: userLabelsText },
  projectBadges: { component: ProjectBadgesCell, text: projectBadgesText },
  keyCount: { component: KeyCountCell, text: (p) => String(keyCount(p)) },
  percent: { component: PercentCell, text: percentText },
  action: { component: ActionCell, text: () => '', perRow: true },
};
