/**
 * The grid layouts of `tables/` as a set check: each must read as the grids read it
 * (`readTableLayout`), and what staff may change in the rules editor must be sound — a header text
 * per language, a column shown or hidden, a page size among the grid's choices, a default sort by a
 * shown sortable column — and a column staff added must be sound: a field no other column has, a
 * value the rows carry when it has no cell renderer (`layout.rows`, `row-paths.ts`), and a header
 * in hr and en when it has no header key. Each problem points at the value to correct.
 */
import type { SchemaDoc } from './schema-catalog';
import { SCHEMA_BASE } from './schema-ids';
import { fileOf, isRecord } from './schema-walk';
import { messageOf, quote, type SchemaProblem } from './set-problems';
import { readTableLayout } from './table-layout';
import { rowPaths } from './row-paths';

const TABLES = `${SCHEMA_BASE}tables/`;
const HEADER_MAX = 120;

/** The page-size choices the constant `name` of rules/constants.json holds. */
function choicesOf(docs: readonly SchemaDoc[], name: unknown): number[] {
  const constants = docs.find((d) => d.$id === `${SCHEMA_BASE}rules/constants.json`);
  const property = isRecord(constants?.properties) ? (constants.properties as Record<string, unknown>)[String(name)] : undefined;
  const value = isRecord(property) ? property.const : undefined;
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

/** A column's field: given, unique, and (a plain column, when the layout names its rows) a value of the rows. */
function checkField(file: string, columns: unknown[], i: number, rows: string[] | undefined): SchemaProblem[] {
  const column = columns[i] as Record<string, unknown>;
  const pointer = `/columns/${i}/field`;
  if (typeof column.field !== 'string' || column.field === '') return [{ file, pointer, reason: 'a column needs the value it shows (its field is empty)' }];
  if (columns.slice(0, i).some((c) => isRecord(c) && c.field === column.field)) return [{ file, pointer, reason: `two columns show ${quote(column.field)}` }];
  if (rows?.length && column.renderer === undefined && !rows.includes(column.field)) return [{ file, pointer, reason: `the rows of this grid carry no value ${quote(column.field)}` }];
  return [];
}

function checkColumns(file: string, columns: unknown[], rows: string[] | undefined): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  columns.forEach((column, i) => {
    if (!isRecord(column)) return;
    problems.push(...checkField(file, columns, i, rows));
    if (column.headerKey === undefined)
      for (const lang of ['hr', 'en'])
        if (!isRecord(column.header) || !column.header[lang])
          problems.push({ file, pointer: `/columns/${i}/header/${lang}`, reason: `a column without a header key needs a header in ${lang}` });
    if (column.hidden !== undefined && typeof column.hidden !== 'boolean')
      problems.push({ file, pointer: `/columns/${i}/hidden`, reason: `hidden must be true or false (it is ${quote(column.hidden)})` });
    if (column.header === undefined) return;
    if (!isRecord(column.header)) {
      problems.push({ file, pointer: `/columns/${i}/header`, reason: `header must be an object of texts by language (it is ${quote(column.header)})` });
      return;
    }
    for (const [lang, text] of Object.entries(column.header))
      if (!['hr', 'en'].includes(lang) || typeof text !== 'string' || text.length > HEADER_MAX)
        problems.push({ file, pointer: `/columns/${i}/header/${lang}`, reason: `a header text must be hr or en, a text of at most ${HEADER_MAX} characters (it is ${quote(text)})` });
  });
  return problems;
}

function checkLayout(docs: readonly SchemaDoc[], file: string, layout: Record<string, unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (layout.pageSize !== undefined) {
    const choices = choicesOf(docs, layout.pageSizesConstant);
    if (!choices.includes(layout.pageSize as number))
      problems.push({ file, pointer: '/layout/pageSize', reason: `the page size ${quote(layout.pageSize)} is not one of the grid's page sizes ${choices.join(', ')}` });
  }
  const sort = layout.defaultSort;
  if (sort !== undefined && (!isRecord(sort) || !['asc', 'desc'].includes(sort.direction as string)))
    problems.push({ file, pointer: '/layout/defaultSort/direction', reason: `the default sort's direction must be asc or desc (it is ${quote(isRecord(sort) ? sort.direction : sort)})` });
  return problems;
}

/** Problems of the grid layouts among `docs`; `[]` when every grid can be drawn as its file says. */
export function checkTableLayouts(docs: readonly SchemaDoc[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const doc of docs) {
    if (!doc.$id.startsWith(TABLES)) continue;
    const file = fileOf(doc.$id);
    const columns = Array.isArray(doc.columns) ? (doc.columns as unknown[]) : [];
    const rows = isRecord(doc.layout) && typeof doc.layout.rows === 'string' ? rowPaths(docs, doc.layout.rows) : undefined;
    const found = [...checkColumns(file, columns, rows), ...(isRecord(doc.layout) ? checkLayout(docs, file, doc.layout) : [])];
    problems.push(...found);
    if (found.length) continue;
    try {
      readTableLayout(doc);
    } catch (error) {
      const reason = messageOf(error).replace(/^table layout \S+: /, '');
      const sorted = /^the default sort names /.test(reason);
      problems.push({ file, pointer: sorted ? '/layout/defaultSort/field' : '', reason });
    }
  }
  return problems;
}
