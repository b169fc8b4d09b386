import type { OptionSource, TableLayout } from './table-layout';
import type { ResolvedOptions } from './grid-filters';

/** A vocabulary entry as the catalog gives it: its value and annotations. */
export type VocabularyEntryLike = { value: string } & Record<string, unknown>;

/** Looks up a vocabulary (e.g. `rules/states`) by id; the schema catalog's `vocabulary`. */
export type VocabularyLookup = (id: string) => VocabularyEntryLike[];

/** The entries of an option source: the vocabulary, narrowed to entries whose annotations equal `where`. */
export function optionEntries(source: OptionSource, vocabulary: VocabularyLookup): VocabularyEntryLike[] {
  const where = Object.entries(source.where ?? {});
  return vocabulary(source.vocabulary).filter((entry) => where.every(([key, value]) => entry[key] === value));
}

/**
 * The options of every dropdown filter of a layout, read from the vocabularies they name. A
 * select filter's list ends with its 'all' value unless the vocabulary already has it.
 */
export function resolveOptions(layout: TableLayout, vocabulary: VocabularyLookup): ResolvedOptions {
  const resolved: ResolvedOptions = {};
  for (const filter of layout.layout.filters) {
    if (filter.kind !== 'select' && filter.kind !== 'multi') continue;
    const entries = optionEntries(filter.options, vocabulary).map((e) => ({
      ...e,
      value: e.value,
      euroMatch: typeof e.euroMatch === 'string' ? e.euroMatch : undefined,
    }));
    if (filter.kind === 'select' && !entries.some((e) => e.value === filter.allValue)) entries.push({ value: filter.allValue, euroMatch: undefined });
    resolved[filter.key] = entries;
  }
  return resolved;
}

/** The values the layout's row filter lets through (e.g. the non-request states), or null for all rows. */
export function rowFilterValues(layout: TableLayout, vocabulary: VocabularyLookup): Set<string> | null {
  const rowFilter = layout.layout.rowFilter;
  return rowFilter ? new Set(optionEntries(rowFilter.options, vocabulary).map((e) => e.value)) : null;
}
