import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Label, Loader, Message } from 'semantic-ui-react';
import { useSchemaHistoryQuery } from '@/client/api/schemas';
import { useRestoreRuleSetMutation, useRuleDraftsQuery } from '@/client/api/rule-drafts';
import { isApiError } from '@/client/api/api-error';
import { formatDateTime } from '@/client/engine/format';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { RulesSection } from './rules-section';

/** How many characters of a set's hash name it on the page (enough to tell sets apart). */
const SHORT_HASH = 12;

/**
 * The sets that went live, newest first: when, why, in which process, and each change against the
 * set before in the interface language. A set that goes live while the page is open is fetched.
 */
export function SchemaHistory() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  const { data, isLoading, isError, refetch } = useSchemaHistoryQuery();
  // Editors may make any earlier set live again (the same check first); other staff read.
  const mayEdit = useRuleDraftsQuery().data?.mayEdit ?? false;
  const [restore, restoring] = useRestoreRuleSetMutation();
  const version = useSchemaSetVersion();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);

  return (
    <RulesSection id="history" heading={t('rules.history.heading')} intro={t('rules.history.intro')}>
      {isLoading && <Loader active inline="centered" />}
      {isError && <Message negative content={t('rules.history.loadFailed')} />}
      {data && data.sets.length === 0 && <p>{t('rules.history.empty')}</p>}
      <div aria-live="polite">
        {isApiError(restoring.error) && <Message negative header={t('rules.history.restoreFailed')} content={restoring.error.message} />}
      </div>
      {data && data.sets.length > 0 && (
        <ol className="rules-history">
          {data.sets.map((set) => (
            <li key={set.id} className="rules-history-entry" data-hash={set.hash}>
              <p className="rules-history-head">
                <strong id={`rules-history-${set.id}`}>{formatDateTime(set.wentLiveAt)}</strong>
                <span>{t(`rules.history.origin.${set.origin}`)}</span>
                <span>{t('rules.history.process', { process: set.process })}</span>
                <code>{set.hash.slice(0, SHORT_HASH)}</code>
                {set.hash === data.current && <Label size="small">{t('rules.history.inUse')}</Label>}
              </p>
              {set.author && <p className="rules-history-note">{t('rules.history.by', { author: set.author, note: set.note ?? '' })}</p>}
              {mayEdit && set.hash !== data.current && (
                <Button
                  type="button"
                  size="small"
                  basic
                  icon="undo"
                  content={t('rules.history.restore')}
                  aria-describedby={`rules-history-${set.id}`}
                  loading={restoring.isLoading && restoring.originalArgs?.id === set.id}
                  disabled={restoring.isLoading}
                  onClick={() => void restore({ id: set.id, note: t('rules.history.restoreNote', { date: formatDateTime(set.wentLiveAt) }) })}
                />
              )}
              {set.changes.length > 0 ? (
                <ul className="rules-history-changes">
                  {set.changes.map((change) => (
                    <li key={`${change.file}#${change.pointer}:${change.en}`}>
                      {change[lang]} <span className="rules-change-file">{change.file}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="rules-history-none">{t('rules.history.noChanges')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </RulesSection>
  );
}
