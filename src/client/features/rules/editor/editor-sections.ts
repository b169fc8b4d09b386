/**
 * The rules editor's sections, read from the meta-schemas of `schemas/editor/` (docs/decisions/
 * 0640-rules-edited-in-the-browser.md): each names a file of the set, where its entries are and
 * which of their values staff edit, with labels in both languages. From one section and a draft's
 * document this builds what RJSF draws (schema, form data), writes the form's values back into the
 * document, and places the check's problems at the fields they concern. Nothing here knows a rule.
 */
import type { RuleDraftProblem } from '@generated';
import { SCHEMA_BASE } from '@/schema-runtime/schema-ids';

type Json = Record<string, unknown>;
type Locale = 'hr' | 'en';
type LocaleText = { hr: string; en: string };

/** One section of the editor: a meta-schema of `schemas/editor/`. */
export interface EditorSection {
  /** The meta-schema's file, e.g. `editor/resource-limits.json`: the section's key. */
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
  label: LocaleText;
  intro?: LocaleText;
  /** The fields, as the meta-schema describes them. */
  fields: Record<string, Json>;
}

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

/** The sections of a set's documents, in their order. */
export function editorSections(docs: readonly Json[]): EditorSection[] {
  const sections: EditorSection[] = [];
  for (const doc of docs) {
    const id = doc.$id;
    const section = doc.editorSection;
    if (typeof id !== 'string' || !id.startsWith(EDITOR_FOLDER) || !isRecord(section)) continue;
    sections.push({
      key: id.slice(SCHEMA_BASE.length),
      order: Number(section.order ?? 99),
      file: String(section.file),
      entries: String(section.entries ?? ''),
      each: section.each === true,
      value: String(section.value ?? ''),
      label: section.label as LocaleText,
      intro: section.intro as LocaleText | undefined,
      fields: (isRecord(doc.properties) ? doc.properties : {}) as Record<string, Json>,
    });
  }
  return sections.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

/** A field of the meta-schema as RJSF draws it: titled in the reader's language, without the portal's annotations. */
function rjsfField(field: Json, locale: Locale): Json {
  const { label, properties, ...rest } = field;
  const drawn: Json = { ...rest };
  if (isRecord(label)) drawn.title = (label as LocaleText)[locale];
  if (isRecord(properties)) drawn.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, rjsfField(v as Json, locale)]));
  return drawn;
}

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

/** What RJSF draws for a section of a document: its schema and form data, keyed by entry. */
export function sectionForm(section: EditorSection, doc: Json, locale: Locale): { schema: Json; formData: Json } {
  const properties: Json = {};
  const formData: Json = {};
  for (const [key, entry] of entriesOf(section, doc)) {
    const at = section.value ? valueAt(entry, section.value) : entry;
    if (section.each) {
      properties[key] = {
        type: 'object',
        title: entryTitle(key, entry, locale),
        properties: Object.fromEntries(Object.entries(section.fields).map(([name, field]) => [name, rjsfField(field, locale)])),
      };
      formData[key] = Object.fromEntries(Object.keys(section.fields).map((name) => [name, isRecord(at) ? at[name] : undefined]).filter(([, v]) => v !== undefined));
    } else {
      properties[key] = { ...rjsfField(section.fields[key], locale), description: key };
      formData[key] = at;
    }
  }
  return { schema: { type: 'object', properties }, formData };
}

/** The pointer in the file of one edited value. */
const pointerOf = (section: EditorSection, key: string, field?: string) =>
  `${section.entries}/${escape(key)}${section.value}${field === undefined ? '' : `/${escape(field)}`}`;

/** The document with the form's values written back; everything the section does not describe is kept. */
export function applySectionForm(section: EditorSection, doc: Json, formData: Json): Json {
  const next = structuredClone(doc);
  for (const [key] of entriesOf(section, doc)) {
    const values = formData[key];
    if (section.each) {
      for (const name of Object.keys(section.fields)) {
        const value = isRecord(values) ? values[name] : undefined;
        setAt(next, pointerOf(section, key, name), emptyToUndefined(value));
      }
    } else if (values !== undefined) setAt(next, pointerOf(section, key), values);
  }
  return next;
}

/** An emptied text or an object of emptied texts is left out of the document. */
function emptyToUndefined(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (isRecord(value)) {
    const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));
    return Object.keys(kept).length ? kept : undefined;
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
  const prefix = `${section.entries}/`;
  if (!problem.field.startsWith(prefix)) return undefined;
  const [key, ...rest] = segments(`/${problem.field.slice(prefix.length)}`);
  const inValue = segments(section.value);
  if (inValue.some((segment, i) => rest[i] !== segment)) return undefined;
  const within = rest.slice(inValue.length);
  if (!section.each) return key in section.fields ? [key] : undefined;
  if (within.length === 0) return [key];
  return within[0] in section.fields ? [key, ...within] : [key];
}
