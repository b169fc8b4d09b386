import { useTranslation } from 'react-i18next';
import { Header, Message } from 'semantic-ui-react';
import type { RuleDraftRebase } from '@generated';
import { conflictSide, withConflictSide, type RebaseConflict } from '@/schema-runtime';

type Json = Record<string, unknown>;

/** A value as staff read it: compact JSON, at most a line. */
function shown(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * The conflicts of a draft a new release made (docs/decisions/0674-staff-rules-rebased-on-a-new-release.md):
 * each place staff and the release changed differently, with the value staff edited, staff's and
 * the release's, and a choice between the last two written into the draft. Until the draft is
 * published the set staff put live keeps serving.
 */
export function RebaseConflicts({ rebase, files, onChange }: { rebase: RuleDraftRebase; files: Record<string, Json>; onChange: (file: string, doc: Json) => void }) {
  const { t } = useTranslation();
  if (!rebase) return null;
  const conflicts = rebase.conflicts as RebaseConflict[];
  return (
    <Message warning className="rules-editor-rebase" data-testid="rules-rebase">
      <Header as="h2" size="small">
        {t('rules.editor.rebase.heading')}
      </Header>
      <p>{conflicts.length ? t('rules.editor.rebase.intro', { count: conflicts.length }) : t('rules.editor.rebase.refused')}</p>
      <ul className="rules-editor-conflicts">
        {conflicts.map((conflict, i) => {
          const doc = files[conflict.file];
          const side = doc ? conflictSide(doc, conflict) : undefined;
          const name = `rebase-${i}`;
          const choose = (chosen: 'staff' | 'shipped') => {
            const next = doc && withConflictSide(doc, conflict, chosen);
            if (next) onChange(conflict.file, next);
          };
          const choosable = conflict.pointer !== '' && !!doc;
          return (
            <li key={`${conflict.file}${conflict.pointer}`} data-conflict={`${conflict.file}${conflict.pointer}`}>
              <fieldset>
                <legend>
                  <code>{conflict.file}</code> <code>{conflict.pointer || '/'}</code>
                </legend>
                <p>
                  {t('rules.editor.rebase.base')}: <code>{shown(conflict.base)}</code>
                </p>
                {(['staff', 'shipped'] as const).map((option) => (
                  <label key={option} className="rules-editor-conflict-choice">
                    <input type="radio" name={name} value={option} checked={side === option} disabled={!choosable} onChange={() => choose(option)} />{' '}
                    {t(`rules.editor.rebase.${option}`)}: <code>{shown(conflict[option])}</code>
                  </label>
                ))}
                {!choosable && <p>{t('rules.editor.rebase.wholeFile')}</p>}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </Message>
  );
}
