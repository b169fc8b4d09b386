import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Header, Loader, Message, Segment } from 'semantic-ui-react';
import { LazySchemaForm } from '@/client/engine/schema-form/lazy-schema-form';
import { createSchemaCatalog, type SchemaCatalog } from '@/schema-runtime/schema-catalog';
import { useToast } from '@/client/shared/toast/use-toast';
import { changedFile, defaultChoice, formPreview, previewChoices, type FormChoice, type PreviewChoice } from './draft-preview';
import { PREVIEW_GRIDS } from './preview-grids';
import { PreviewBoundary, PreviewBroken } from './preview-broken';
import './draft-preview.css';

type Json = Record<string, unknown>;

/** AG Grid loads only when a grid is previewed. */
const DraftGridPreview = lazy(() => import(/* webpackChunkName: "rules-preview-grid" */ './draft-grid-preview'));

/** How long the draft must stay unchanged before the preview is drawn again (a form's schemas are compiled anew). */
const PREVIEW_AFTER_MS = 400;

export interface DraftPreviewProps {
  /** The draft's documents by file, as the editor holds them. */
  files: Record<string, Json>;
  /** The file of the section shown (none in the JSON view): what the preview starts at, until another file is edited. */
  file: string | undefined;
}

/**
 * Beside the draft (issue 49, "Preview"): the request form an edit concerns drawn with the draft's
 * documents by the engine's form, with the messages a user would see in their language, or a staff
 * grid with the draft's layout, vocabularies and constants over live rows. Nothing is sent from it.
 * It follows the draft once typing pauses; a draft that does not compile says why instead of
 * drawing a broken form.
 */
export default function DraftPreviewPanel({ files, file }: DraftPreviewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'hr';
  const shown = useSettled(files, PREVIEW_AFTER_MS);
  const docs = useMemo(() => Object.values(shown), [shown]);
  const focus = useFocusFile(files, file);
  const [picked, setPicked] = useState<{ key: string; focus: string | undefined }>();
  // One catalog per settled draft: the choices are listed from it and a previewed grid reads its vocabularies.
  const listed = useMemo((): { catalog: SchemaCatalog; choices: PreviewChoice[] } | { reason: string } => {
    try {
      const catalog = createSchemaCatalog(docs);
      return { catalog, choices: previewChoices(catalog) };
    } catch (error) {
      return { reason: error instanceof Error ? error.message : String(error) };
    }
  }, [docs]);
  const choices = 'choices' in listed ? listed.choices : [];
  // A choice made here holds until another file is edited; then the preview starts at what that one concerns.
  const key = picked && picked.focus === focus && choices.some((c) => c.key === picked.key) ? picked.key : defaultChoice(choices, docs, focus);
  const choice = choices.find((c) => c.key === key);
  const forms = choices.filter((c): c is FormChoice => c.kind === 'form');
  const grids = choices.filter((c) => c.kind === 'grid');

  return (
    <Segment as="section" className="rules-editor-preview" aria-labelledby="rules-preview-heading" data-testid="rules-preview">
      <Header as="h2" id="rules-preview-heading">
        {t('rules.editor.preview.heading')}
      </Header>
      <p>{t('rules.editor.preview.intro')}</p>
      {'reason' in listed && <PreviewBroken reason={listed.reason} />}
      {choice && (
        <Form className="rules-preview-choose">
          <Form.Field>
            <label htmlFor="rules-preview-choice">{t('rules.editor.preview.choice')}</label>
            <select id="rules-preview-choice" value={choice.key} onChange={(e) => setPicked({ key: e.target.value, focus })}>
              <optgroup label={t('rules.editor.preview.forms')}>
                {forms.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.label[locale]}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('rules.editor.preview.grids')}>
                {grids.map((c) => (
                  <option key={c.key} value={c.key}>
                    {PREVIEW_GRIDS[c.grid] ? t(PREVIEW_GRIDS[c.grid].titleKey) : c.file}
                  </option>
                ))}
              </optgroup>
            </select>
          </Form.Field>
        </Form>
      )}
      {choice?.kind === 'form' && <FormPart docs={docs} choice={choice} />}
      {choice?.kind === 'grid' && 'catalog' in listed && shown[choice.file] && (
        <Suspense fallback={<Loader active inline="centered" />}>
          <p>{t('rules.editor.preview.gridIntro')}</p>
          <PreviewBoundary retry={shown[choice.file]}>
            <DraftGridPreview grid={choice.grid} doc={shown[choice.file]} catalog={listed.catalog} />
          </PreviewBoundary>
        </Suspense>
      )}
    </Segment>
  );
}

/** A request form drawn with the draft, validated for the role that sends it; pressing its button sends nothing. */
function FormPart({ docs, choice }: { docs: readonly Json[]; choice: FormChoice }) {
  const { t } = useTranslation();
  const toast = useToast();
  const role = choice.staffOnly ? 'staff' : 'user';
  const preview = useMemo(() => formPreview(docs, choice.form, role), [docs, choice.form, role]);
  if (!preview.ok) return <PreviewBroken reason={preview.reason} />;
  return (
    <>
      <p>{t(role === 'staff' ? 'rules.editor.preview.asStaff' : 'rules.editor.preview.asUser')}</p>
      {!choice.accepting && <Message info content={t('requests.notAccepting')} />}
      <PreviewBoundary retry={preview.forms}>
        <LazySchemaForm
          key={choice.key}
          form={choice.form}
          formSchemas={preview.forms}
          idPrefix="rules-preview"
          isStaff={role === 'staff'}
          disabled={!choice.accepting}
          submitText={t('rules.editor.preview.try')}
          onSubmit={() => toast.success(t('rules.editor.preview.valid'), { id: 'rules-preview-valid' })}
        />
      </PreviewBoundary>
    </>
  );
}

/** `value` once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The file the preview concerns: the last one edited, else the section's. */
function useFocusFile(files: Record<string, Json>, file: string | undefined): string | undefined {
  const [focus, setFocus] = useState(file);
  const before = useRef(files);
  useEffect(() => {
    if (file !== undefined) setFocus(file);
  }, [file]);
  useEffect(() => {
    const changed = changedFile(before.current, files);
    before.current = files;
    if (changed !== undefined) setFocus(changed);
  }, [files]);
  return focus;
}
