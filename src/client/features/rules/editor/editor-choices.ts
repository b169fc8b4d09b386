/**
 * Choices a meta-schema's field takes from the edited document instead of a typed text (annotation
 * `choices` of `schemas/editor/*.json`), turned into the `oneOf` list RJSF draws as a select:
 * - `{ from, value, having?, unless?, label? }`: the items of the list at `from` (a grid's columns)
 *   that have `having` (`sort`) and not `unless` true (`hidden`), by their `value` (`field`), named
 *   by their `label` in the reader's language (a column's header) when they have one;
 * - `{ rowsOf }`: the values the rows carry of the schema the document names at `rowsOf`
 *   (`/layout/rows`), as `rowPaths` reads them;
 * and, with `none`, first a choice of nothing (an empty value, which leaves the setting out).
 */
import { rowPaths } from '@/schema-runtime/row-paths';
import type { SchemaDoc } from '@/schema-runtime/schema-catalog';

type Json = Record<string, unknown>;
type LocaleText = { hr: string; en: string };

const isRecord = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const pointed = (doc: Json, pointer: string): unknown => pointer.slice(1).split('/').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), doc);

/** One choice as the meta-schemas write them: the value and its name in both languages. */
type Choice = { const: string; label: LocaleText };

function choicesOf(spec: Json, doc: Json, docs: readonly SchemaDoc[]): Choice[] {
  if (typeof spec.rowsOf === 'string') {
    const rows = pointed(doc, spec.rowsOf);
    return typeof rows === 'string' ? rowPaths(docs, rows).map((path) => ({ const: path, label: { hr: path, en: path } })) : [];
  }
  const list = typeof spec.from === 'string' ? pointed(doc, spec.from) : undefined;
  if (!Array.isArray(list)) return [];
  const value = String(spec.value ?? 'value');
  return list.filter(isRecord).flatMap((item): Choice[] => {
    const name = item[value];
    if (typeof name !== 'string' || (typeof spec.having === 'string' && item[spec.having] === undefined) || (typeof spec.unless === 'string' && item[spec.unless] === true)) return [];
    const own = typeof spec.label === 'string' && isRecord(item[spec.label]) ? (item[spec.label] as Partial<LocaleText>) : {};
    const named = (text: string | undefined) => (text ? `${text} (${name})` : name);
    return [{ const: name, label: { hr: named(own.hr), en: named(own.en) } }];
  });
}

/**
 * The meta-schema's fields with each field that has `choices` given the `oneOf` of its choices in
 * `doc` (the edited document; `docs` the draft's documents, for a schema it names), at any depth.
 * A field whose choices come out empty stays as it was (a typed text).
 */
export function withChoices(fields: Record<string, Json>, doc: Json, docs: readonly SchemaDoc[]): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => {
      const drawn: Json = { ...field };
      if (isRecord(field.properties)) drawn.properties = withChoices(field.properties as Record<string, Json>, doc, docs);
      if (isRecord(field.items)) drawn.items = withChoices({ item: field.items }, doc, docs).item;
      if (isRecord(field.choices)) {
        const choices = choicesOf(field.choices, doc, docs);
        const none = field.choices.none as LocaleText | undefined;
        if (choices.length) drawn.oneOf = [...(none ? [{ const: '', label: none }] : []), ...choices];
        delete drawn.choices;
        delete drawn.maxLength;
      }
      return [name, drawn];
    }),
  );
}
