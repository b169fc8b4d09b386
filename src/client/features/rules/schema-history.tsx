import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Loader, Message } from 'semantic-ui-react';
import { useSchemaHistoryQuery } from '@/client/api/schemas';
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
      {data && data.sets.length > 0 && (
        <ol className="rules-history">
          {data.sets.map((set) => (
            <li key={set.id} className="rules-history-entry" data-hash={set.hash}>
              <p className="rules-history-head">
                <strong>{formatDateTime(set.wentLiveAt)}</strong>
                <span>{t(`rules.history.origin.${set.origin}`)}</span>
                <span>{t('rules.history.process', { process: set.process })}</span>
                <code>{set.hash.slice(0, SHORT_HASH)}</code>
                {set.hash === data.current && <Label size="small">{t('rules.history.inUse')}</Label>}
              </p>
              {set.author && <p className="rules-history-note">{t('rules.history.by', { author: set.author, note: set.note ?? '' })}</p>}
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
