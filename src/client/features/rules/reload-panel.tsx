import { useTranslation } from 'react-i18next';
import { Button, Message } from 'semantic-ui-react';
import type { SchemaProblem, SchemaReloadAnswer } from '@generated';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { Link } from 'react-router-dom';
import { useReloadSchemasMutation } from '@/client/api/schemas';
import { useRuleDraftsQuery } from '@/client/api/rule-drafts';
import { paths } from '@/schema-runtime/pages';
import { schemaSetHash } from '@/client/shared/schema-docs';
import { RuleTable, type RuleColumn } from './rule-table';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

/** What a reload did, in words: the changes of a set that went live, or why it was refused. */
function ReloadOutcome({ answer }: { answer: SchemaReloadAnswer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  if (answer.status === 'unchanged') return <Message info content={t('rules.reload.unchanged')} />;
  if (answer.status === 'live')
    return (
      <Message positive>
        <Message.Header>{t('rules.reload.live')}</Message.Header>
        {(answer.changes ?? []).length > 0 && (
          <SimpleList bulleted>
            {(answer.changes ?? []).map((change) => (
              <SimpleListItem key={`${change.file}#${change.pointer}:${change.en}`}>{change[lang]}</SimpleListItem>
            ))}
          </SimpleList>
        )}
      </Message>
    );
  const columns: RuleColumn<SchemaProblem>[] = [
    { key: 'file', header: t('rules.reload.file'), cell: (p) => p.file },
    { key: 'pointer', header: t('rules.reload.pointer'), cell: (p) => <code>{p.pointer || '/'}</code> },
    { key: 'reason', header: t('rules.reload.reason'), cell: (p) => p.reason },
  ];
  return (
    <Message negative>
      <Message.Header>{t('rules.reload.refused')}</Message.Header>
      <RuleTable label={t('rules.reload.refused')} columns={columns} rows={answer.problems ?? []} rowKey={(p) => `${p.file}#${p.pointer}:${p.reason}`} />
    </Message>
  );
}

/**
 * The set in use and the staff's "Reload now": the server reads its schema folder again and says
 * whether a new set went live, nothing changed, or the edit was refused (file, place, reason).
 */
export function ReloadPanel() {
  const { t } = useTranslation();
  const [reload, { data, error, isLoading }] = useReloadSchemasMutation();
  const hash = schemaSetHash();
  const mayEdit = useRuleDraftsQuery().data?.mayEdit ?? false;
  return (
    <div className="rules-reload">
      <div className="rules-reload-bar">
        {hash && (
          <span>
            {t('rules.setInUse')}: <code data-testid="schema-set-hash">{hash.slice(0, 12)}</code>
          </span>
        )}
        <Button type="button" color="brown" icon="sync" content={t('rules.reload.button')} loading={isLoading} disabled={isLoading} onClick={() => void reload()} />
        {mayEdit && (
          <Link className="ui primary button" to={paths.rulesEdit.href} data-testid="rules-edit-link">
            {t('rules.editor.edit')}
          </Link>
        )}
        <Link className="ui basic button" to={paths.rulesQa.href} data-testid="rules-qa-link">
          {t('rules.qa.link')}
        </Link>
        <Link className="ui basic button" to={paths.rulesEditors.href} data-testid="rules-editors-link">
          {t('rules.editors.link')}
        </Link>
        <a className="ui basic button" href="/api/v1/internal/schemas/export" download>
          {t('rules.editor.export')}
        </a>
      </div>
      <div aria-live="polite" data-testid="reload-outcome">
        {!isLoading && data && <ReloadOutcome answer={data} />}
        {!isLoading && isApiError(error) && <Message negative content={apiErrorText(t('rules.reload.failed'), error)} />}
      </div>
    </div>
  );
}
