/**
 * What the rules editor's preview draws with a draft (docs/decisions/0640-rules-edited-in-the-browser.md):
 * the request forms and staff grids of the draft's documents, which of them an edited file concerns,
 * and a form's schemas built and compiled from the draft, or the reason they cannot be.
 */
import type { CallerRole } from '@/schema-runtime/keywords';
import { isRegistryBased } from '@/schema-runtime/rule-annotations';
import type { SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { SCHEMA_BASE, SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { createFormSchemas, type FormSchemas } from '@/client/engine/schema-form/form-schemas';

type Json = Record<string, unknown>;
type LocaleText = { hr: string; en: string };

/** A request type's form, drawn as its users see it. */
export interface FormChoice {
  kind: 'form';
  /** `form:<route>`, the choice's value in the panel. */
  key: string;
  /** The request schema file of schemas/requests (`practical-class.json`). */
  form: string;
  label: LocaleText;
  staffOnly: boolean;
  accepting: boolean;
  registryBased: boolean;
}

/** A staff grid's layout file of schemas/tables. */
export interface GridChoice {
  kind: 'grid';
  /** `grid:<name>`. */
  key: string;
  /** The layout file (`tables/requests.json`). */
  file: string;
  /** The grid's name, the file's without folder and extension (`requests`): the list it is filled from. */
  grid: string;
}

export type PreviewChoice = FormChoice | GridChoice;

const TABLES = 'tables/';
const fileOf = (id: string) => (id.startsWith(SCHEMA_BASE) ? id.slice(SCHEMA_BASE.length) : id);
const isRecord = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The request forms (in chooser order) and the staff grids (by file) of a draft's catalog (built with
 * `createSchemaCatalog`, which throws when the documents make none; the preview's grid reads its
 * vocabularies from the same catalog).
 */
export function previewChoices(catalog: SchemaCatalog): PreviewChoice[] {
  const types = catalog.vocabulary<{ form: string; label: LocaleText; staffOnly?: boolean; accepting?: boolean; projectType: string }>(SCHEMA_IDS.requestTypes);
  const forms: PreviewChoice[] = types.map((type) => ({
    kind: 'form',
    key: `form:${type.value}`,
    form: type.form,
    label: type.label,
    staffOnly: type.staffOnly === true,
    accepting: type.accepting !== false,
    registryBased: isRegistryBased(catalog, type.projectType),
  }));
  const grids: PreviewChoice[] = catalog.ids
    .map(fileOf)
    .filter((file) => file.startsWith(TABLES) && file.endsWith('.json'))
    .sort()
    .map((file) => ({ kind: 'grid', key: `grid:${file}`, file, grid: file.slice(TABLES.length, -'.json'.length) }));
  return [...forms, ...grids];
}

/** The files a document's `$ref`s name, resolved against its `$id`. */
function referencedFiles(doc: Json): Set<string> {
  const base = typeof doc.$id === 'string' ? doc.$id : SCHEMA_BASE;
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
        try {
          const url = new URL(node.$ref, base);
          url.hash = '';
          found.add(fileOf(url.href));
        } catch {
          // A $ref that is no address is the check's to report.
        }
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  return found;
}

/** The files from which `file` is reached by `$ref`s, directly or through others; `file` itself included. */
export function filesReaching(docs: readonly Json[], file: string): Set<string> {
  const refs = new Map(docs.filter((doc) => typeof doc.$id === 'string').map((doc) => [fileOf(doc.$id as string), referencedFiles(doc)]));
  const reaching = new Set([file]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, to] of refs)
      if (!reaching.has(from) && [...to].some((target) => reaching.has(target))) {
        reaching.add(from);
        grew = true;
      }
  }
  return reaching;
}

/** The form a user fills in most plainly: one taking requests, not staff-only, not built from a registry project. */
function plainest(forms: readonly FormChoice[]): FormChoice | undefined {
  return (
    forms.find((f) => f.accepting && !f.staffOnly && !f.registryBased) ??
    forms.find((f) => f.accepting && !f.staffOnly) ??
    forms.find((f) => f.accepting) ??
    forms[0]
  );
}

/**
 * Which choice the preview starts at for an edited file: its grid for a layout of schemas/tables, its
 * form for a request schema, else the plainest form whose schema reaches the file (a resource-limits
 * edit: a form asking for resources), else the plainest form of all.
 */
export function defaultChoice(choices: readonly PreviewChoice[], docs: readonly Json[], file: string | undefined): string | undefined {
  const forms = choices.filter((c): c is FormChoice => c.kind === 'form');
  if (file !== undefined) {
    const grid = choices.find((c) => c.kind === 'grid' && c.file === file);
    if (grid) return grid.key;
    const reaching = filesReaching(docs, file);
    const concerned = plainest(forms.filter((f) => reaching.has(`requests/${f.form}`)));
    if (concerned) return concerned.key;
  }
  return (plainest(forms) ?? choices[0])?.key;
}

/** The first file whose document is another object in `after` than in `before` (the page replaces only an edited one). */
export function changedFile(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string | undefined {
  return Object.keys(after).find((file) => before[file] !== after[file]);
}

/** A form's schemas built from a draft, or why they cannot be. */
export type FormPreview = { ok: true; forms: FormSchemas } | { ok: false; reason: string };

/**
 * Builds the schemas of one request form from a draft's documents and compiles them as the form
 * will (RJSF's validator for the role, the runtime's for the file with its `$ref`s), so that a
 * draft that does not compile is said so instead of drawing a broken form.
 */
export function formPreview(docs: readonly Json[], form: string, role: CallerRole): FormPreview {
  try {
    const forms = createFormSchemas(docs);
    const { schema } = forms.form(form);
    forms.set.validator(`requests/${form}`);
    const { validationError } = forms.validator(role).rawValidation(schema, {});
    if (validationError) throw validationError;
    return { ok: true, forms };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
