import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Message } from 'semantic-ui-react';
import type { RuleSetQaBody } from '@generated';
import { isApiError } from '@/client/api/api-error';
import { useJudgeRulesQaMutation, useRuleDraftsQuery } from '@/client/api/rule-drafts';
import { shortNameOf } from '@/schema-runtime/schema-ids';
import { schemaDocs } from '@/client/shared/schema-docs';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { readJson } from '../json-text';
import { RulesSubpageHeader } from '../rules-subpage-header';
import '../rules.css';

const LIVE = 'live';
const FIRST_SCHEMA = 'requests/research-project';

/**
 * /ui/rules/qa: QA pastes a payload, picks a schema, a role and the rules (the set in use or an open
 * draft), and sees what `npm run validate` prints for it — the server judges it with the tool's own
 * code (POST /api/v1/internal/schemas/qa). Nothing is saved.
 */
export default function RulesQaPage() {
  const { t } = useTranslation();
  const version = useSchemaSetVersion();
  const schemaNames = useMemo(
    () => schemaDocs().map((doc) => shortNameOf(String(doc.$id))).sort(),
    // A new set may add or remove schemas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const { data: drafts } = useRuleDraftsQuery();
  const [chosen, setSchema] = useState(FIRST_SCHEMA);
  // A set without the first choice (edited away) starts at its first schema.
  const schema = schemaNames.includes(chosen) ? chosen : (schemaNames[0] ?? chosen);
  const [role, setRole] = useState<RuleSetQaBody['role']>('user');
  const [against, setAgainst] = useState(LIVE);
  const [text, setText] = useState('{\n  \n}');
  const [parseError, setParseError] = useState<string>();
  const [judge, judged] = useJudgeRulesQaMutation();

  const submit = () => {
    const read = readJson(text, t);
    if (read.problem !== undefined) {
      setParseError(read.problem);
      return;
    }
    setParseError(undefined);
    void judge({ schema, payload: read.value, role, ...(against === LIVE ? {} : { draft: Number(against) }) });
  };
  const answer = judged.isSuccess && !judged.isLoading ? judged.data : undefined;

  return (
    <section data-page="rules-qa" className="rules-page rules-qa">
      <RulesSubpageHeader title={t('rules.qa.title')} intro={t('rules.qa.intro')} />
      <Form onSubmit={submit}>
        <Form.Group widths="equal">
          <Form.Field>
            <label htmlFor="rules-qa-schema">{t('rules.qa.schema')}</label>
            <select id="rules-qa-schema" value={schema} onChange={(e) => setSchema(e.target.value)}>
              {schemaNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="rules-qa-role">{t('rules.qa.role')}</label>
            <select id="rules-qa-role" value={role} onChange={(e) => setRole(e.target.value as RuleSetQaBody['role'])}>
              <option value="user">{t('rules.qa.roleUser')}</option>
              <option value="staff">{t('rules.qa.roleStaff')}</option>
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="rules-qa-against">{t('rules.qa.against')}</label>
            <select id="rules-qa-against" value={against} onChange={(e) => setAgainst(e.target.value)}>
              <option value={LIVE}>{t('rules.qa.live')}</option>
              {(drafts?.drafts ?? []).map((draft) => (
                <option key={draft.id} value={String(draft.id)}>
                  {t('rules.qa.draft', { id: draft.id, author: draft.author })}
                </option>
              ))}
            </select>
          </Form.Field>
        </Form.Group>
        <Form.Field error={!!parseError}>
          <label htmlFor="rules-qa-payload">{t('rules.qa.payload')}</label>
          <textarea
            id="rules-qa-payload"
            className="rules-editor-raw-text"
            spellCheck={false}
            rows={14}
            value={text}
            aria-invalid={!!parseError}
            aria-describedby={parseError ? 'rules-qa-payload-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {parseError && (
            <div id="rules-qa-payload-error" className="ui pointing red basic label" role="alert">
              {parseError}
            </div>
          )}
        </Form.Field>
        <Button type="submit" primary content={t('rules.qa.check')} loading={judged.isLoading} disabled={judged.isLoading} />
      </Form>
      <div aria-live="polite" className="rules-qa-answer">
        {isApiError(judged.error) && !judged.isLoading && <Message negative content={judged.error.message} />}
        {answer && (
          <Message positive={answer.valid} negative={!answer.valid} data-testid="rules-qa-verdict">
            <Message.Header>{answer.valid ? t('rules.qa.valid') : t('rules.qa.invalid')}</Message.Header>
            <pre className="rules-qa-lines">{answer.lines.join('\n')}</pre>
          </Message>
        )}
      </div>
    </section>
  );
}
