import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Form, Header, Loader, Message } from 'semantic-ui-react';
import type { RuleDraftAnswer, RuleDraftCheck, RuleDraftImpact, RuleDraftProblem, SchemaReloadAnswer } from '@generated';
import { isApiError } from '@/client/api/api-error';
import {
  useCheckRuleDraftMutation,
  useCreateRuleDraftMutation,
  useDiscardRuleDraftMutation,
  useEditRuleDraftMutation,
  usePublishRuleDraftMutation,
  useRuleDraftImpactMutation,
  useRuleDraftQuery,
  useRuleDraftsQuery,
  useUploadRuleDraftMutation,
} from '@/client/api/rule-drafts';
import { schemaDocs } from '@/client/shared/schema-docs';
import { SCHEMA_BASE } from '@/schema-runtime/schema-ids';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { editorSections, placeProblems } from './editor-sections';
import { SectionForm } from './section-form';
import { RawJsonView } from './raw-json-view';
import { RebaseConflicts } from './rebase-conflicts';
import { LazyDraftPreview } from './lazy-draft-preview';
import { readJson } from '../json-text';
import { RulesSubpageHeader } from '../rules-subpage-header';
import '../rules.css';

type Json = Record<string, unknown>;
/** How long typing must pause before the edit is sent (its quick check answers at once) … */
const SEND_AFTER_MS = 150;
/** … and before the whole set check runs on the draft. */
const FULL_CHECK_AFTER_MS = 900;
const RAW = 'raw';

/**
 * /ui/rules/edit: the rules editor (docs/decisions/0640-rules-edited-in-the-browser.md). Editors
 * open their draft or start one from the set in use (or upload a folder); the sections are drawn
 * from the meta-schemas of schemas/editor/, a raw JSON view covers the rest; every change is sent
 * and checked, the problems shown at their fields; publishing with a note puts the draft live.
 */
export default function RulesEditorPage() {
  const { t } = useTranslation();
  const { data: list, isError } = useRuleDraftsQuery();
  const [create, creating] = useCreateRuleDraftMutation();
  const [upload, uploading] = useUploadRuleDraftMutation();
  const [published, setPublished] = useState<SchemaReloadAnswer>();
  const draftId = list?.drafts[0]?.id;

  return (
    <section data-page="rules-edit" className="rules-page rules-editor">
      <RulesSubpageHeader title={t('rules.editor.title')} intro={t('rules.editor.intro')} />
      {isError && <Message negative content={t('rules.editor.loadFailed')} />}
      {!list && !isError && <Loader active inline="centered" />}
      {published && <PublishedMessage answer={published} />}
      {list && !list.mayEdit && <Message info content={t('rules.editor.readOnly')} />}
      {list?.mayEdit && draftId === undefined && (
        <div className="rules-editor-start">
          <Button type="button" primary content={t('rules.editor.start')} loading={creating.isLoading} disabled={creating.isLoading} onClick={() => void create()} />
          <FolderUpload onFiles={(files) => void upload(files)} busy={uploading.isLoading} />
          {isApiError(uploading.error) && <Message negative content={uploading.error.message} />}
          {isApiError(creating.error) && <Message negative content={creating.error.message} />}
        </div>
      )}
      {list?.mayEdit && draftId !== undefined && <DraftEditor key={draftId} id={draftId} onPublished={setPublished} />}
    </section>
  );
}

function PublishedMessage({ answer }: { answer: SchemaReloadAnswer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  return (
    <Message positive data-testid="rules-published">
      <Message.Header>{answer.status === 'live' ? t('rules.editor.published') : t('rules.editor.publishedUnchanged')}</Message.Header>
      <ul>
        {(answer.changes ?? []).map((c) => (
          <li key={`${c.file}${c.pointer}${c.en}`}>{c[lang]}</li>
        ))}
      </ul>
    </Message>
  );
}

/** A folder chosen in the browser, its schema files read as JSON (examples/ and other files left out by the server). */
function FolderUpload({ onFiles, busy }: { onFiles: (files: Record<string, unknown>) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  return (
    <Form.Field className="rules-editor-upload">
      <label htmlFor="rules-upload">{t('rules.editor.upload')}</label>
      <input
        id="rules-upload"
        type="file"
        multiple
        disabled={busy}
        {...({ webkitdirectory: '' } as Record<string, string>)}
        onChange={async (e) => {
          const chosen = [...(e.target.files ?? [])].filter((f) => f.name.endsWith('.json'));
          const files: Record<string, unknown> = {};
          for (const file of chosen) {
            const path = (file.webkitRelativePath || file.name).split('/').slice(1).join('/') || file.name;
            const read = readJson(await file.text(), t);
            if (read.problem !== undefined) {
              setError(`${path}: ${read.problem}`);
              return;
            }
            files[path] = read.value;
          }
          setError(undefined);
          onFiles(files);
        }}
      />
      {error && <Message negative content={error} />}
    </Form.Field>
  );
}

function DraftEditor({ id, onPublished }: { id: number; onPublished: (answer: SchemaReloadAnswer) => void }) {
  const { data: draft } = useRuleDraftQuery(id, { refetchOnMountOrArgChange: true });
  if (!draft) return <Loader active inline="centered" />;
  return <LoadedDraft draft={draft} onPublished={onPublished} />;
}

function LoadedDraft({ draft, onPublished }: { draft: RuleDraftAnswer; onPublished: (answer: SchemaReloadAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'hr';
  useSchemaSetVersion();
  const sections = useMemo(() => editorSections(schemaDocs() as Json[]), []);
  // The set in use by file: what its stored data names stays fixed in the form.
  const liveDocs = useMemo(() => new Map((schemaDocs() as Json[]).map((d) => [String(d.$id).slice(SCHEMA_BASE.length), d])), []);
  const [files, setFiles] = useState<Record<string, Json>>(draft.files as Record<string, Json>);
  const [check, setCheck] = useState<RuleDraftCheck>({ complete: draft.complete, problems: draft.problems, changes: draft.changes });
  const [shown, setShown] = useState(sections[0]?.key ?? RAW);
  const [edit] = useEditRuleDraftMutation();
  const [fullCheck] = useCheckRuleDraftMutation();
  const [publish, publishing] = usePublishRuleDraftMutation();
  const [discard, discarding] = useDiscardRuleDraftMutation();
  const [note, setNote] = useState('');
  const [checking, setChecking] = useState(false);
  const [impactOf] = useRuleDraftImpactMutation();
  const [impact, setImpact] = useState<RuleDraftImpact>();
  const [confirmed, setConfirmed] = useState(false);
  const pending = useRef(new Map<string, Json>());
  const timers = useRef<{ send?: number; full?: number }>({});
  const round = useRef(0);

  /** What the draft changes for data already in the portal, read after each whole check. */
  const readImpact = useCallback(
    async (mine: number) => {
      const result = await impactOf(draft.id);
      if (mine === round.current && 'data' in result && result.data) {
        setImpact(result.data);
        setConfirmed(false);
      }
    },
    [draft.id, impactOf],
  );

  const send = useCallback(async () => {
    const edits = [...pending.current];
    pending.current.clear();
    const mine = ++round.current;
    let answer: RuleDraftCheck | undefined;
    for (const [file, doc] of edits) {
      const result = await edit({ id: draft.id, file, doc });
      if ('data' in result && result.data) answer = result.data;
      const failure = 'error' in result && isApiError(result.error) ? result.error.message : undefined;
      if (failure !== undefined) setCheck((c) => ({ ...c, complete: false, problems: [{ file, pointer: '', field: '', reason: failure, en: failure, hr: failure }] }));
    }
    if (answer && mine === round.current) setCheck(answer);
    window.clearTimeout(timers.current.full);
    timers.current.full = window.setTimeout(async () => {
      if (mine !== round.current) return;
      setChecking(true);
      const result = await fullCheck(draft.id);
      setChecking(false);
      if (mine === round.current && 'data' in result && result.data) {
        setCheck(result.data);
        void readImpact(mine);
      }
    }, FULL_CHECK_AFTER_MS);
  }, [draft.id, edit, fullCheck, readImpact]);

  const change = useCallback(
    (file: string, doc: Json) => {
      setFiles((current) => ({ ...current, [file]: doc }));
      pending.current.set(file, doc);
      round.current += 1;
      window.clearTimeout(timers.current.send);
      timers.current.send = window.setTimeout(() => void send(), SEND_AFTER_MS);
    },
    [send],
  );
  useEffect(() => {
    // The draft came with the quick checks; the whole set check follows.
    const mine = round.current;
    setChecking(true);
    void fullCheck(draft.id).then((result) => {
      setChecking(false);
      if (mine === round.current && 'data' in result && result.data) {
        setCheck(result.data);
        void readImpact(mine);
      }
    });
    const pendingTimers = timers.current;
    return () => {
      window.clearTimeout(pendingTimers.send);
      window.clearTimeout(pendingTimers.full);
    };
  }, [draft.id, fullCheck, readImpact]);

  const section = sections.find((s) => s.key === shown);
  const problems = check.problems;
  const placed = section ? placeProblems(section, problems, locale) : undefined;
  const elsewhere = section ? placed!.elsewhere : problems;
  const publishError = isApiError(publishing.error) ? publishing.error : undefined;

  return (
    <div className="rules-editor-draft" data-draft={draft.id}>
      <p>{t('rules.editor.draftBy', { author: draft.author })}</p>
      {draft.rebase && <RebaseConflicts rebase={draft.rebase} files={files} onChange={change} />}
      <Form className="rules-editor-choose">
        <Form.Field>
          <label htmlFor="rules-editor-part">{t('rules.editor.part')}</label>
          <select id="rules-editor-part" value={shown} onChange={(e) => setShown(e.target.value)}>
            {sections.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label[locale]}
              </option>
            ))}
            <option value={RAW}>{t('rules.editor.raw')}</option>
          </select>
        </Form.Field>
      </Form>
      <div className="rules-editor-body">
        {section && files[section.file] && (
          <>
            <Header as="h2">{section.label[locale]}</Header>
            {section.intro && <p>{section.intro[locale]}</p>}
            <SectionForm section={section} doc={files[section.file]} files={files} live={liveDocs.get(section.file)} problems={problems} locale={locale} onChange={(doc) => change(section.file, doc)} />
          </>
        )}
        {!section && <RawJsonView files={files} problems={problems} locale={locale} onChange={change} />}
      </div>
      <LazyDraftPreview files={files} file={section?.file} />
      <div className="rules-editor-status" aria-live="polite" data-testid="rules-check">
        <Header as="h2">{t('rules.editor.checkHeading')}</Header>
        {checking && <p>{t('rules.editor.checking')}</p>}
        {problems.length === 0 ? (
          <Message positive size="small" content={check.complete ? t('rules.editor.passes') : t('rules.editor.passesQuick')} />
        ) : (
          <Message negative size="small" header={t('rules.editor.problems', { count: problems.length })} list={elsewhere.map((p) => `${p.file} ${p.field || '/'}: ${p[locale]}`)} />
        )}
        <Header as="h3">{t('rules.editor.changesHeading')}</Header>
        {check.changes.length === 0 ? (
          <p>{t('rules.editor.noChanges')}</p>
        ) : (
          <ul className="rules-editor-changes">
            {check.changes.map((c) => (
              <li key={`${c.file}${c.pointer}${c.en}`}>
                {c[locale]} <span className="rules-change-file">{c.file}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rules-editor-impact" aria-live="polite" data-testid="rules-impact">
        <Header as="h2">{t('rules.editor.impactHeading')}</Header>
        <p>{t('rules.editor.nothingChanged')}</p>
        {impact && impact.total === 0 && <p>{t('rules.editor.impactNone')}</p>}
        {impact && impact.total > 0 && (
          <>
            <p>{t('rules.editor.impactCount', { count: impact.total })}</p>
            <ul>
              {impact.items.map((item) => (
                <li key={`${item.kind}:${item.identifier}:${item.en}`}>
                  <Link to={item.link}>{item.identifier}</Link> {item[locale].slice(item.identifier.length + (item[locale][item.identifier.length] === ':' ? 1 : 0))}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Form
        className="rules-editor-publish"
        onSubmit={async () => {
          const result = await publish({ id: draft.id, note: note.trim(), confirmImpact: confirmed });
          if ('data' in result && result.data) onPublished(result.data);
        }}
      >
        {impact && impact.total > 0 && (
          <Form.Checkbox id="rules-editor-confirm" label={t('rules.editor.impactConfirm')} checked={confirmed} onChange={(_e, { checked }) => setConfirmed(!!checked)} />
        )}
        <Form.Input id="rules-editor-note" label={t('rules.editor.note')} value={note} maxLength={500} onChange={(_e, { value }) => setNote(String(value))} />
        <div className="rules-editor-actions">
          <Button type="submit" primary content={t('rules.editor.publish')} loading={publishing.isLoading} disabled={publishing.isLoading || !note.trim() || problems.length > 0 || check.changes.length === 0 || (!!impact && impact.total > 0 && !confirmed)} />
          <Button type="button" basic content={t('rules.editor.discard')} loading={discarding.isLoading} disabled={discarding.isLoading} onClick={() => void discard(draft.id)} />
        </div>
        {publishError && <Message negative content={publishError.message} list={(publishError.problems as RuleDraftProblem[] | undefined)?.map((p) => `${p.file} ${p.field || '/'}: ${p[locale]}`)} />}
      </Form>
    </div>
  );
}
