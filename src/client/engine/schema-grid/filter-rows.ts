import type { FilterSpec } from '@/schema-runtime/table-layout';
import { isFilterActive, textNeedle, YES_NO, type FilterValues, type ResolvedOptions } from '@/schema-runtime/grid-filters';
import { textsAt, valuesAt, type ValueFormatters } from './row-values';
import type { SearchIndex } from './search-index';

function truthy(value: unknown): boolean {
  return typeof value === 'number' ? value > 0 : value === true || (typeof value === 'string' && value !== '');
}

/** The test of one set filter, or null when it does not narrow. */
function filterTest(
  spec: FilterSpec,
  value: FilterValues[string],
  options: ResolvedOptions,
  formatters: ValueFormatters,
  index: SearchIndex | undefined,
): ((row: unknown) => boolean) | null {
  if (!isFilterActive(spec, value)) return null;
  switch (spec.kind) {
    case 'text': {
      const needle = textNeedle(value);
      if (index) return (row) => index.texts(row, spec).some((text) => text.includes(needle));
      return (row) => textsAt(row, spec.paths, spec.format, formatters).some((text) => text.toLowerCase().includes(needle));
    }
    case 'select': {
      const choices = options[spec.key] ?? [];
      if (value === spec.allValue) {
        // 'all' means any known value of the vocabulary, not "anything at all".
        const known = new Set(choices.map((c) => c.value).filter((v) => v !== spec.allValue));
        return (row) => valuesAt(row, spec.path).some((v) => known.has(String(v)));
      }
      const euroMatch = choices.find((c) => c.value === value)?.euroMatch;
      if (euroMatch && spec.euroPath) {
        const marker = euroMatch.toLowerCase();
        const path = spec.euroPath;
        return (row) => valuesAt(row, path).some((v) => String(v).toLowerCase().includes(marker));
      }
      return (row) => valuesAt(row, spec.path).some((v) => String(v) === value);
    }
    case 'multi': {
      const wanted = value as string[];
      return (row) => {
        const have = new Set(valuesAt(row, spec.path).map(String));
        return wanted.every((w) => have.has(w));
      };
    }
    case 'yesNo': {
      const want = value === YES_NO.yes;
      return (row) => valuesAt(row, spec.path).some(truthy) === want;
    }
  }
}

/**
 * Builds one row predicate from the filter specs of a layout and the values the user set: a row
 * passes when it passes every set filter. Text filters are case-insensitive substring matches over
 * any of their paths; 'all' in a dropdown means any value its vocabulary knows; a dropdown option
 * annotated with `euroMatch` matches rows whose `euroPath` values contain that marker; a multi
 * filter needs every chosen value; yes/no tests whether the path holds a count above 0 or `true`.
 * With a search `index`, text filters read the rows' lower-cased texts from it instead of
 * formatting them again (same result, much less work per keystroke).
 */
export function rowPredicate(
  specs: readonly FilterSpec[],
  values: FilterValues,
  options: ResolvedOptions,
  formatters: ValueFormatters,
  index?: SearchIndex,
): (row: unknown) => boolean {
  const tests = specs
    .map((spec) => filterTest(spec, values[spec.key], options, formatters, index))
    .filter((test): test is (row: unknown) => boolean => test !== null);
  return (row) => tests.every((test) => test(row));
}
