/**
 * What changed between two sets of schema documents, in words staff read in both languages:
 * "HPCnSlotsCPU maximum 6656 → 7000", "state approve-expire added", a label changed, a file added
 * or removed; anything else as "<pointer> changed". Pure: the history of the live sets uses it.
 */
import type { SchemaDoc } from './schema-catalog';
import { shortNameOf } from './schema-ids';
import { escapeSegment, fileOf, isRecord, jsonEqual, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, type Json } from './schema-walk';

/** One readable change of a schema file. */
export interface SchemaChange {
  /** The file relative to the schemas folder, e.g. `rules/resource-limits.json`. */
  file: string;
  /** A JSON pointer into the file (into the new version; into the old one for what was removed). */
  pointer: string;
  en: string;
  hr: string;
}

/** Bounds and values shown as "name keyword old → new", with the keyword's Croatian words. */
const VALUE_KEYWORDS: Record<string, { en: string; hr: string }> = {
  minimum: { en: 'minimum', hr: 'najmanje' },
  maximum: { en: 'maximum', hr: 'najviše' },
  exclusiveMinimum: { en: 'exclusiveMinimum', hr: 'više od' },
  exclusiveMaximum: { en: 'exclusiveMaximum', hr: 'manje od' },
  minLength: { en: 'minLength', hr: 'najmanje znakova' },
  maxLength: { en: 'maxLength', hr: 'najviše znakova' },
  minItems: { en: 'minItems', hr: 'najmanje stavki' },
  maxItems: { en: 'maxItems', hr: 'najviše stavki' },
  minProperties: { en: 'minProperties', hr: 'najmanje svojstava' },
  maxProperties: { en: 'maxProperties', hr: 'najviše svojstava' },
  multipleOf: { en: 'multipleOf', hr: 'višekratnik' },
  formatMinimum: { en: 'formatMinimum', hr: 'najranije' },
  formatMaximum: { en: 'formatMaximum', hr: 'najkasnije' },
  percentTotal: { en: 'percentTotal', hr: 'ukupni postotak' },
  pattern: { en: 'pattern', hr: 'uzorak' },
  format: { en: 'format', hr: 'oblik' },
  type: { en: 'type', hr: 'tip' },
  const: { en: 'value', hr: 'vrijednost' },
  default: { en: 'default', hr: 'zadano' },
};

/** Texts of an entry or property shown per language. */
const LABEL_KEYWORDS: Record<string, string> = { label: 'oznaka', userLabel: 'oznaka za korisnika', tooltip: 'opis' };

type Change = Omit<SchemaChange, 'file'>;

const isScalar = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** A value as a change shows it: numbers and words as they are, anything else as compact JSON. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return /^[\p{L}\p{N}._+-]+$/u.test(value) ? value : JSON.stringify(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** "state" for a vocabulary titled StateName, "mail kind" for MailKind. */
function vocabularyName(doc: Json): string {
  const title = typeof doc.title === 'string' ? doc.title.replace(/Name$/, '') : '';
  const words = title.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words || shortNameOf(String(doc.$id));
}

/** A vocabulary entry's key: its `const`, or the `$ref` it includes. */
function entryKey(entry: unknown): string | undefined {
  if (!isRecord(entry)) return undefined;
  if ('const' in entry) return isScalar(entry.const) ? String(entry.const) : JSON.stringify(entry.const);
  if (typeof entry.$ref === 'string') return `$ref ${entry.$ref}`;
  return undefined;
}

const isVocabulary = (list: unknown): list is Json[] => Array.isArray(list) && list.length > 0 && list.every((e) => entryKey(e) !== undefined);

/** An annotation list of `{ value, label }` items (a science domain's fields). */
const isValueList = (list: unknown): list is ({ value: string } & Json)[] =>
  Array.isArray(list) && list.length > 0 && list.every((e) => isRecord(e) && typeof e.value === 'string');

interface Context {
  /** The name changes use: the last property or definition, the vocabulary entry, or the file. */
  name: string;
  /** The vocabulary's name, for its entries. */
  vocabulary: string;
}

class Differ {
  readonly changes: Change[] = [];

  private push(pointer: string, en: string, hr: string): void {
    this.changes.push({ pointer, en, hr });
  }

  private generic(pointer: string, before: unknown, after: unknown): void {
    const at = pointer || '/';
    if (before === undefined) this.push(pointer, `${at} added`, `${at} dodano`);
    else if (after === undefined) this.push(pointer, `${at} removed`, `${at} uklonjeno`);
    else this.push(pointer, `${at} changed`, `${at} promijenjeno`);
  }

  private value(pointer: string, name: string, words: { en: string; hr: string }, before: unknown, after: unknown): void {
    if (before === undefined) this.push(pointer, `${name} ${words.en} set to ${shown(after)}`, `${name} ${words.hr} postavljeno na ${shown(after)}`);
    else if (after === undefined) this.push(pointer, `${name} ${words.en} ${shown(before)} removed`, `${name} ${words.hr} ${shown(before)} uklonjeno`);
    else this.push(pointer, `${name} ${words.en} ${shown(before)} → ${shown(after)}`, `${name} ${words.hr} ${shown(before)} → ${shown(after)}`);
  }

  private labels(pointer: string, name: string, key: string, before: unknown, after: unknown, hrName = name): void {
    const hrKey = `${hrName} ${LABEL_KEYWORDS[key]}`;
    if (!isRecord(before) || !isRecord(after)) {
      if (isScalar(before) && isScalar(after)) this.push(pointer, `${name} ${key} ${shown(before)} → ${shown(after)}`, `${hrKey} ${shown(before)} → ${shown(after)}`);
      else this.generic(pointer, before, after);
      return;
    }
    for (const lang of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      const [b, a] = [before[lang], after[lang]];
      if (jsonEqual(b, a)) continue;
      const at = `${pointer}/${escapeSegment(lang)}`;
      if (b === undefined) this.push(at, `${name} ${key} (${lang}) set to ${JSON.stringify(a)}`, `${hrKey} (${lang}) postavljena na ${JSON.stringify(a)}`);
      else if (a === undefined) this.push(at, `${name} ${key} (${lang}) ${JSON.stringify(b)} removed`, `${hrKey} (${lang}) ${JSON.stringify(b)} uklonjena`);
      else this.push(at, `${name} ${key} (${lang}) ${JSON.stringify(b)} → ${JSON.stringify(a)}`, `${hrKey} (${lang}) ${JSON.stringify(b)} → ${JSON.stringify(a)}`);
    }
  }

  /** Lists of words (`staffOptions`, `required`, an `enum`): what was added and removed. */
  private words(pointer: string, name: string, key: string, before: unknown[], after: unknown[]): void {
    const added = after.filter((x) => !before.some((y) => jsonEqual(x, y)));
    const removed = before.filter((x) => !after.some((y) => jsonEqual(x, y)));
    if (added.length === 0 && removed.length === 0) {
      this.push(pointer, `${name} ${key} order changed`, `${name} ${key} redoslijed promijenjen`);
      return;
    }
    if (key === 'required') {
      for (const field of added) this.push(pointer, `field ${shown(field)} now required`, `polje ${shown(field)} sada obavezno`);
      for (const field of removed) this.push(pointer, `field ${shown(field)} no longer required`, `polje ${shown(field)} više nije obavezno`);
      return;
    }
    for (const value of added) this.push(pointer, `${name} ${key} ${shown(value)} added`, `${name} ${key} ${shown(value)} dodano`);
    for (const value of removed) this.push(pointer, `${name} ${key} ${shown(value)} removed`, `${name} ${key} ${shown(value)} uklonjeno`);
  }

  /** A vocabulary's entries by their `const`: added, removed, their annotations changed. */
  private vocabulary(pointer: string, context: Context, before: Json[], after: Json[]): void {
    const name = context.vocabulary;
    const keysBefore = before.map(entryKey);
    const keysAfter = after.map(entryKey);
    keysBefore.forEach((key, i) => {
      if (!keysAfter.includes(key)) this.push(`${pointer}/${i}`, `${name} ${key} removed`, `${name}: uklonjena vrijednost ${key}`);
    });
    keysAfter.forEach((key, i) => {
      const j = keysBefore.indexOf(key);
      if (j < 0) this.push(`${pointer}/${i}`, `${name} ${key} added`, `${name}: dodana vrijednost ${key}`);
      else this.node(`${pointer}/${i}`, before[j], after[i], { ...context, name: `${name} ${key}` });
    });
    const common = keysBefore.filter((k) => keysAfter.includes(k));
    const order = keysAfter.filter((k) => keysBefore.includes(k));
    if (!jsonEqual(common, order)) this.push(pointer, `${name} order changed`, `${name}: redoslijed promijenjen`);
  }

  /** An annotation list of `{ value, label }` items by their value. */
  private valueList(pointer: string, name: string, before: Json[], after: Json[]): void {
    const key = 'field';
    const valuesBefore = before.map((e) => e.value);
    const valuesAfter = after.map((e) => e.value);
    valuesBefore.forEach((value, i) => {
      if (!valuesAfter.includes(value)) this.push(`${pointer}/${i}`, `${name} ${key} ${shown(value)} removed`, `${name} polje ${shown(value)} uklonjeno`);
    });
    valuesAfter.forEach((value, i) => {
      const j = valuesBefore.indexOf(value);
      if (j < 0) this.push(`${pointer}/${i}`, `${name} ${key} ${shown(value)} added`, `${name} polje ${shown(value)} dodano`);
      else if (!jsonEqual(before[j], after[i])) {
        for (const field of new Set([...Object.keys(before[j]), ...Object.keys(after[i])])) {
          const [b, a] = [before[j][field], after[i][field]];
          if (jsonEqual(b, a)) continue;
          const at = `${pointer}/${i}/${escapeSegment(field)}`;
          if (field in LABEL_KEYWORDS) this.labels(at, `${name} ${key} ${shown(value)}`, field, b, a, `${name} polje ${shown(value)}`);
          else this.generic(at, b, a);
        }
      }
    });
  }

  /** Two versions of a schema node. */
  node(pointer: string, before: unknown, after: unknown, context: Context): void {
    if (jsonEqual(before, after)) return;
    if (!isRecord(before) || !isRecord(after)) {
      this.generic(pointer, before, after);
      return;
    }
    const here = 'const' in after && isScalar(after.const) && typeof after.const === 'string' && ('fields' in after || 'fields' in before)
      ? { ...context, name: after.const }
      : context;
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      const [b, a] = [before[key], after[key]];
      if (jsonEqual(b, a)) continue;
      const at = `${pointer}/${escapeSegment(key)}`;
      if ((key === 'properties' || key === 'definitions' || key === 'patternProperties') && isRecord(b) && isRecord(a)) {
        this.map(at, key, b, a, context);
      } else if (((SCHEMA_KEYWORDS as readonly string[]).includes(key) || key === 'items') && isRecord(b) && isRecord(a)) {
        this.node(at, b, a, context);
      } else if ((key === 'oneOf' || key === 'anyOf') && isVocabulary(b) && isVocabulary(a)) {
        this.vocabulary(at, context, b, a);
      } else if (((SCHEMA_LIST_KEYWORDS as readonly string[]).includes(key) || key === 'items') && Array.isArray(b) && Array.isArray(a) && a.length === b.length) {
        a.forEach((x, i) => this.node(`${at}/${i}`, b[i], x, context));
      } else if (key === 'required' && (Array.isArray(b) || b === undefined) && (Array.isArray(a) || a === undefined)) {
        this.words(at, here.name, key, b ?? [], a ?? []);
      } else if (key in VALUE_KEYWORDS && (key === 'const' || key === 'default' || ((isScalar(b) || b === undefined) && (isScalar(a) || a === undefined)))) {
        this.value(at, here.name, VALUE_KEYWORDS[key], b, a);
      } else if (key in LABEL_KEYWORDS) {
        this.labels(at, here.name, key, b, a);
      } else if (key === 'fields' && isValueList(b) && isValueList(a)) {
        this.valueList(at, here.name, b, a);
      } else if (Array.isArray(b) && Array.isArray(a) && [...a, ...b].every(isScalar)) {
        this.words(at, here.name, key, b, a);
      } else if (isScalar(b) && isScalar(a) && key !== 'description' && key !== 'title') {
        this.push(at, `${here.name} ${key} ${shown(b)} → ${shown(a)}`, `${here.name} ${key} ${shown(b)} → ${shown(a)}`);
      } else {
        this.generic(at, b, a);
      }
    }
  }

  /** `properties`/`definitions`: members added, removed or changed. */
  private map(pointer: string, key: string, before: Json, after: Json, context: Context): void {
    const kind = key === 'properties' ? { en: 'field', hr: 'polje' } : key === 'definitions' ? { en: 'definition', hr: 'definicija' } : undefined;
    for (const member of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      const at = `${pointer}/${escapeSegment(member)}`;
      const [b, a] = [before[member], after[member]];
      if (kind && b === undefined) this.push(at, `${kind.en} ${member} added`, `${kind.hr} ${member} dodano`);
      else if (kind && a === undefined) this.push(at, `${kind.en} ${member} removed`, `${kind.hr} ${member} uklonjeno`);
      else this.node(at, b, a, kind ? { name: member, vocabulary: member } : context);
    }
  }
}

const byIdOf = (docs: readonly SchemaDoc[]): Map<string, SchemaDoc> =>
  new Map(docs.filter((d) => isRecord(d) && typeof d.$id === 'string').map((d) => [d.$id, d]));

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The readable changes from one set of schema documents to another, ordered by file, then pointer
 * (changes at one pointer keep the order they were found in).
 */
export function diffSchemaDocs(before: readonly SchemaDoc[], after: readonly SchemaDoc[]): SchemaChange[] {
  const old = byIdOf(before);
  const now = byIdOf(after);
  const changes: SchemaChange[] = [];
  for (const id of [...new Set([...old.keys(), ...now.keys()])]) {
    const file = fileOf(id);
    const [b, a] = [old.get(id), now.get(id)];
    if (!a) changes.push({ file, pointer: '', en: `file ${file} removed`, hr: `datoteka ${file} uklonjena` });
    else if (!b) changes.push({ file, pointer: '', en: `file ${file} added`, hr: `datoteka ${file} dodana` });
    else {
      const differ = new Differ();
      differ.node('', b, a, { name: shortNameOf(id), vocabulary: vocabularyName(a) });
      changes.push(...differ.changes.map((c) => ({ file, ...c })));
    }
  }
  return changes
    .map((change, i) => ({ change, i }))
    .sort((x, y) => compare(x.change.file, y.change.file) || compare(x.change.pointer, y.change.pointer) || x.i - y.i)
    .map(({ change }) => change);
}
