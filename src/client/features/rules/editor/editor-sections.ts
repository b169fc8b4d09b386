/**
 * The rules editor's sections, read from the meta-schemas of `schemas/editor/` (docs/decisions/
 * 0640-rules-edited-in-the-browser.md): each names a file of the set, where its entries are and
 * which of their values staff edit, with labels in both languages. From one section and a draft's
 * document this builds what RJSF draws (schema, form data), writes the form's values back into the
 * document, and places the check's problems at the fields they concern. Nothing here knows a rule.
 */
import type { RuleDraftProblem } from '@generated';
import { SCHEMA_BASE } from '@/schema-runtime/schema-ids';
import type { SchemaDoc } from '@/schema-runtime/schema-catalog';
import { withChoices } from './editor-choices';

type Json = Record<string, unknown>;
type Locale = 'hr' | 'en';
type LocaleText = { hr: string; en: string };

/** Values of the edited file beside its entries (a grid's page size and default sort), edited with their own fields. */
export interface SectionSettings {
  /** JSON pointer of the object in the file that holds them. */
  at: string;
  label: LocaleText;
  fields: Record<string, Json>;
}

/** One section of the editor: a meta-schema of `schemas/editor/`, for one file (a pattern's `*` makes a section per file). */
export interface EditorSection {
  /** The meta-schema's file, e.g. `editor/resource-limits.json`, and `:` the edited file when it came from a pattern. */
  key: string;
  order: number;
  /** The file of the set the section edits. */
  file: string;
  /** JSON pointer of the entries (an object's properties or a list) in that file. */
  entries: string;
  /** true: every entry is edited with the meta-schema's fields; false: the meta-schema's properties name the entries. */
  each: boolean;
  /** Where in an entry its edited value is ('' the entry itself, `/const` a constant). */
  value: string;
  /** The entries (a list) are drawn in their order and may be moved up and down. */
  orderable: boolean;
  /** An orderable section's entries may be added (a new entry sets its read-only fields too) and removed. */
  addable: boolean;
  /** How a new entry is headed until it has a name. */
  newEntryLabel?: LocaleText;
  /** The heading of the entries when they are drawn as a list. */
  entriesLabel?: LocaleText;
  /** The value of a listed entry that names it in its heading (`const` unless told). */
  entryName: string;
  settings?: SectionSettings;
  label: LocaleText;
  intro?: LocaleText;
  /** The fields, as the meta-schema describes them. */
  fields: Record<string, Json>;
}

/** The form's keys of the settings and, in a list section, of the entries (no entry of an object section is so named). */
const SETTINGS = '_settings';
const ENTRIES = '_entries';
/** Each entry of a list section carries its place in the document, for the parts of it the form does not draw. */
const FROM = '_entry';

export const EDITOR_FOLDER = `${SCHEMA_BASE}editor/`;

const isRecord = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const segments = (pointer: string) => (pointer === '' ? [] : pointer.slice(1).split('/').map(unescape));

function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const segment of segments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Sets (or, `undefined`, removes) the value at `pointer`, creating objects on the way. */
function setAt(doc: Json, pointer: string, value: unknown): void {
  const parts = segments(pointer);
  let node: unknown = doc;
  for (const segment of parts.slice(0, -1)) {
    const container = node as Json;
    if (!isRecord(container[segment]) && !Array.isArray(container[segment])) container[segment] = {};
    node = container[segment];
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete (node as Json)[last];
  else (node as Json)[last] = value;
}

/** The files of the set a section's `file` names: itself, or each file its `*` matches (within one folder). */
function filesOf(pattern: string, docs: readonly Json[]): Array<{ file: string; doc?: Json }> {
  if (!pattern.includes('*')) return [{ file: pattern }];
  const [head, tail] = pattern.split('*', 2);
  return docs
    .filter((doc) => typeof doc.$id === 'string' && doc.$id.startsWith(SCHEMA_BASE))
    .map((doc) => ({ file: (doc.$id as string).slice(SCHEMA_BASE.length), doc }))
    .filter(({ file }) => file.startsWith(head) && file.endsWith(tail) && !file.slice(head.length, file.length - tail.length).includes('/'))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** A pattern section's name for one file: the section's label and the file's own (`fileLabel`), or its name. */
function labelFor(label: LocaleText, file: string, doc: Json | undefined, pointer: unknown): LocaleText {
  const own = typeof pointer === 'string' ? valueAt(doc, pointer) : undefined;
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const of = (locale: Locale) => (isRecord(own) && typeof own[locale] === 'string' ? (own[locale] as string) : name);
  return { hr: `${label.hr}: ${of('hr')}`, en: `${label.en}: ${of('en')}` };
}

/** The sections of a set's documents, in their order. */
export function editorSections(docs: readonly Json[]): EditorSection[] {
  const sections: EditorSection[] = [];
  for (const doc of docs) {
    const id = doc.$id;
    const section = doc.editorSection;
    if (typeof id !== 'string' || !id.startsWith(EDITOR_FOLDER) || !isRecord(section)) continue;
    const pattern = String(section.file);
    const settings = section.settings;
    for (const { file, doc: edited } of filesOf(pattern, docs))
      sections.push({
        key: file === pattern ? id.slice(SCHEMA_BASE.length) : `${id.slice(SCHEMA_BASE.length)}:${file}`,
        order: Number(section.order ?? 99),
        file,
        entries: String(section.entries ?? ''),
        each: section.each === true,
        value: String(section.value ?? ''),
        orderable: section.orderable === true,
        addable: section.orderable === true && section.addable === true,
        newEntryLabel: section.newEntryLabel as LocaleText | undefined,
        entriesLabel: section.entriesLabel as LocaleText | undefined,
        entryName: String(section.entryName ?? 'const'),
        settings: isRecord(settings)
          ? { at: String(settings.at ?? ''), label: settings.label as LocaleText, fields: (isRecord(settings.properties) ? settings.properties : {}) as Record<string, Json> }
          : undefined,
        label: file === pattern ? (section.label as LocaleText) : labelFor(section.label as LocaleText, file, edited, section.fileLabel),
        intro: section.intro as LocaleText | undefined,
        fields: (isRecord(doc.properties) ? doc.properties : {}) as Record<string, Json>,
      });
  }
  return sections.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

/** A field of the meta-schema as RJSF draws it: titled in the reader's language, without the portal's annotations. */
function rjsfField(field: Json, locale: Locale): Json {
  const { label, tooltip, properties, items, oneOf, widget: _widget, choices: _choices, ...rest } = field;
  const drawn: Json = { ...rest };
  if (isRecord(label)) drawn.title = (label as LocaleText)[locale];
  if (isRecord(tooltip)) drawn.description = (tooltip as LocaleText)[locale];
  if (isRecord(properties)) drawn.properties = rjsfFields(properties as Record<string, Json>, locale);
  if (isRecord(items)) drawn.items = rjsfField(items, locale);
  if (Array.isArray(oneOf)) drawn.oneOf = oneOf.map((choice) => rjsfField(choice as Json, locale));
  return drawn;
}

const rjsfFields = (fields: Record<string, Json>, locale: Locale): Json =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, rjsfField(field, locale)]));

/** RJSF's ui schema of fields whose meta-schema names a widget (`widget: "radio"`), at any depth; undefined when none does. */
function rjsfUi(fields: Record<string, Json>): Json | undefined {
  const ui: Json = {};
  for (const [name, field] of Object.entries(fields)) {
    const inner = isRecord(field.properties) ? rjsfUi(field.properties as Record<string, Json>) : undefined;
    if (typeof field.widget === 'string' || inner) ui[name] = { ...inner, ...(typeof field.widget === 'string' ? { 'ui:widget': field.widget } : {}) };
  }
  return Object.keys(ui).length ? ui : undefined;
}

/** The values of `fields` in `at` (a list's items whole, so that what they hold beside the drawn fields stays with them). */
const valuesOf = (fields: Record<string, Json>, at: unknown): Json =>
  Object.fromEntries(Object.keys(fields).map((name) => [name, isRecord(at) ? at[name] : undefined]).filter(([, v]) => v !== undefined));

/** The entries of a section in a document: key (property name or list index) and entry. */
function entriesOf(section: EditorSection, doc: Json): Array<[string, Json]> {
  const container = valueAt(doc, section.entries);
  if (Array.isArray(container)) return container.map((entry, i) => [String(i), entry as Json]);
  if (!isRecord(container)) return [];
  if (section.each) return Object.entries(container).filter(([, entry]) => isRecord(entry)) as Array<[string, Json]>;
  return Object.keys(section.fields)
    .filter((name) => isRecord(container[name]))
    .map((name) => [name, container[name] as Json]);
}

/** How an entry is named in the form: its label in the reader's language and its name. */
function entryTitle(key: string, entry: Json, locale: Locale): string {
  const name = typeof entry.const === 'string' ? entry.const : key;
  const label = isRecord(entry.label) ? (entry.label as LocaleText)[locale] : undefined;
  return label && label !== name ? `${label} (${name})` : name;
}

/** What a section's read-only fields hold in an entry's values, as one key. */
const fixedKey = (section: EditorSection, values: unknown) =>
  JSON.stringify(Object.keys(section.fields).filter((name) => section.fields[name].readOnly === true).map((name) => (isRecord(values) ? values[name] : undefined)));

/**
 * Whether an entry's read-only fields are fixed: it is an entry of the set in use (`live`, the
 * edited file as published) — stored data names it by them. An entry this draft added is not, so
 * its value can still be typed and corrected; without `live`, every entry of the document is fixed.
 */
function isFixed(section: EditorSection, values: unknown, inDocument: boolean, live: Json | undefined): boolean {
  if (!live) return inDocument;
  const key = fixedKey(section, values);
  return entriesOf(section, live).some(([, entry]) => fixedKey(section, section.value ? valueAt(entry, section.value) : entry) === key);
}

/** What a section is drawn beside: the draft's documents (choices a field takes from another one, the values of a grid's rows) and the edited file as published (`isFixed`). */
export interface SectionContext {
  docs?: readonly SchemaDoc[];
  live?: Json;
}

/** The ui schema of a listed entry's read-only fields: read-only (drawn as text) when fixed, else set by staff. */
function readOnlyUi(fields: Record<string, Json>, existing: boolean): Json {
  const ui: Json = {};
  for (const [name, field] of Object.entries(fields))
    if (field.readOnly === true) ui[name] = existing ? { 'ui:readonly': true, 'ui:widget': 'text' } : { 'ui:readonly': false };
  return ui;
}

/**
 * What RJSF draws for a section of a document: its schema, ui schema and form data — the settings
 * first, then the entries keyed by entry or, in an orderable section, as a list each item of which
 * remembers its entry.
 */
export function sectionForm(section: EditorSection, doc: Json, locale: Locale, { docs = [], live }: SectionContext = {}): { schema: Json; uiSchema: Json; formData: Json } {
  section = { ...section, fields: withChoices(section.fields, doc, docs), settings: section.settings && { ...section.settings, fields: withChoices(section.settings.fields, doc, docs) } };
  const properties: Json = {};
  const formData: Json = {};
  const uiSchema: Json = { 'ui:submitButtonOptions': { norender: true } };
  if (section.settings) {
    properties[SETTINGS] = { type: 'object', title: section.settings.label[locale], properties: rjsfFields(section.settings.fields, locale) };
    formData[SETTINGS] = valuesOf(section.settings.fields, valueAt(doc, section.settings.at));
    const ui = rjsfUi(section.settings.fields);
    if (ui) uiSchema[SETTINGS] = ui;
  }
  if (section.orderable) {
    properties[ENTRIES] = { type: 'array', title: section.entriesLabel?.[locale], items: { type: 'object', properties: rjsfFields(section.fields, locale) } };
    formData[ENTRIES] = entriesOf(section, doc).map(([key, entry]) => ({ ...valuesOf(section.fields, section.value ? valueAt(entry, section.value) : entry), [FROM]: Number(key) }));
    // Each item is headed by its entry's name as the form holds it (RJSF would number them).
    const title = (item: unknown) => (isRecord(item) ? entryTitle(String(item[section.entryName] ?? ''), { const: item[section.entryName], label: item.label }, locale) : '');
    const existing = (item: unknown) => isRecord(item) && isFixed(section, item, typeof item[FROM] === 'number', live);
    const heading = (item: unknown) => title(item) || (existing(item) ? '' : (section.newEntryLabel?.[locale] ?? ''));
    uiSchema[ENTRIES] = {
      'ui:options': { addable: section.addable, removable: section.addable, orderable: true },
      items: (item: unknown) => ({ 'ui:title': heading(item), ...readOnlyUi(section.fields, existing(item)) }),
    };
    return { schema: { type: 'object', properties }, uiSchema, formData };
  }
  for (const [key, entry] of entriesOf(section, doc)) {
    const at = section.value ? valueAt(entry, section.value) : entry;
    if (section.each) {
      properties[key] = { type: 'object', title: entryTitle(key, entry, locale), properties: rjsfFields(section.fields, locale) };
      formData[key] = valuesOf(section.fields, at);
    } else {
      properties[key] = { ...rjsfField(section.fields[key], locale), description: key };
      formData[key] = at;
    }
  }
  return { schema: { type: 'object', properties }, uiSchema, formData };
}

/** The pointer in the file of one edited value. */
const pointerOf = (section: EditorSection, key: string, field?: string) =>
  `${section.entries}/${escape(key)}${section.value}${field === undefined ? '' : `/${escape(field)}`}`;

/** Writes the form's values of `fields` into `target` at `at` (a field shown read-only only when `setFixed`: an entry the draft added). */
function writeFields(target: Json, at: string, fields: Record<string, Json>, values: unknown, setFixed = false): void {
  for (const [name, field] of Object.entries(fields)) {
    if (field.readOnly === true && !setFixed) continue;
    const value = isRecord(values) ? values[name] : undefined;
    setAt(target, `${at}/${escape(name)}`, emptyToUndefined(structuredClone(value), field));
  }
}

/**
 * The document with the form's values written back; everything the section does not describe is
 * kept. An orderable section's entries come in the form's order, each the document's entry it
 * remembers with the drawn values written in; in an addable section, an item that remembers none is
 * a new entry made of its values, and an entry the form removed is gone.
 */
export function applySectionForm(section: EditorSection, doc: Json, formData: Json, live?: Json): Json {
  const next = structuredClone(doc);
  if (section.settings && isRecord(formData[SETTINGS])) writeFields(next, section.settings.at, section.settings.fields, formData[SETTINGS]);
  if (section.orderable) {
    const container = valueAt(doc, section.entries);
    const items = formData[ENTRIES];
    if (!Array.isArray(container) || !Array.isArray(items)) return next;
    const moved = items.flatMap((item: unknown) => {
      const from = isRecord(item) ? container[item[FROM] as number] : undefined;
      const isNew = section.addable && isRecord(item) && item[FROM] === undefined;
      if (!isRecord(from) && !isNew) return [];
      const entry = isRecord(from) ? structuredClone(from) : {};
      const fixed = !isNew && isFixed(section, section.value ? valueAt(entry, section.value) : entry, true, live);
      writeFields(entry, section.value, section.fields, item, section.addable && !fixed);
      return [entry];
    });
    // Outside an addable section every entry stays: one the form lost keeps its place at the end.
    const kept = section.addable ? [] : container.filter((_, i) => !items.some((item: unknown) => isRecord(item) && item[FROM] === i));
    setAt(next, section.entries, [...moved, ...structuredClone(kept)]);
    return next;
  }
  for (const [key] of entriesOf(section, doc)) {
    const values = formData[key];
    if (section.each) writeFields(next, `${section.entries}/${escape(key)}${section.value}`, section.fields, values);
    else if (values !== undefined) setAt(next, pointerOf(section, key), values);
  }
  return next;
}

/** An emptied text, an object of emptied texts, or an object without a value its field requires, is left out of the document. */
function emptyToUndefined(value: unknown, field?: Json): unknown {
  if (value === '' || value === null) return undefined;
  if (isRecord(value)) {
    const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));
    const required = Array.isArray(field?.required) ? (field.required as string[]) : [];
    return Object.keys(kept).length && required.every((name) => name in kept) ? kept : undefined;
  }
  return value;
}

/** RJSF's error schema of the problems of a section's file that concern its fields, and the others. */
export function placeProblems(section: EditorSection, problems: readonly RuleDraftProblem[], locale: Locale): { errors: Json; elsewhere: RuleDraftProblem[] } {
  const errors: Json = {};
  const elsewhere: RuleDraftProblem[] = [];
  for (const problem of problems) {
    const path = fieldPath(section, problem);
    if (!path) {
      elsewhere.push(problem);
      continue;
    }
    let node = errors;
    for (const segment of path) node = (node[segment] ??= {}) as Json;
    ((node.__errors ??= []) as string[]).push(problem[locale]);
  }
  return { errors, elsewhere };
}

/** The form path of a problem's field, when it is one of the section's. */
function fieldPath(section: EditorSection, problem: RuleDraftProblem): string[] | undefined {
  if (problem.file !== section.file) return undefined;
  const settings = section.settings;
  if (settings && problem.field.startsWith(`${settings.at}/`)) {
    const within = segments(problem.field.slice(settings.at.length));
    return within[0] in settings.fields ? [SETTINGS, ...within] : undefined;
  }
  const prefix = `${section.entries}/`;
  if (!problem.field.startsWith(prefix)) return undefined;
  const [key, ...rest] = segments(`/${problem.field.slice(prefix.length)}`);
  const inValue = segments(section.value);
  if (inValue.some((segment, i) => rest[i] !== segment)) return undefined;
  const within = rest.slice(inValue.length);
  // A list section's items are in the document's order, so an entry's place is its item's.
  const at = section.orderable ? [ENTRIES, key] : [key];
  if (!section.each) return key in section.fields ? at : undefined;
  if (within.length === 0) return at;
  return within[0] in section.fields ? [...at, ...within] : at;
}
