import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Message, Segment } from 'semantic-ui-react';
import { isApiError } from '@/client/api/api-error';
import { useAddRuleEditorMutation } from '@/client/api/rule-editors';
import { useToast } from '@/client/shared/toast/use-toast';

/** A superuser adds a staff member to the rules editors' group by username; the server's refusal is shown below the field. */
export function AddRuleEditorForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [add, { isLoading, error, reset }] = useAddRuleEditorMutation();
  const submit = async () => {
    if (!username.trim()) return;
    try {
      const answer = await add({ username: username.trim() }).unwrap();
      toast.success(answer.status.message);
      setUsername('');
    } catch {
      // Shown below the field.
    }
  };
  return (
    <Segment className="rules-editors-add">
      <Form onSubmit={() => void submit()}>
        <Form.Field required>
          <label htmlFor="rule-editor-username">{t('rules.editors.addLabel')}</label>
          <Input
            id="rule-editor-username"
            value={username}
            autoComplete="off"
            aria-describedby="rule-editor-username-help"
            onChange={(_e, d) => {
              setUsername(String(d.value));
              reset();
            }}
          />
          <p id="rule-editor-username-help" className="rules-intro">
            {t('rules.editors.addHelp')}
          </p>
        </Form.Field>
        <div aria-live="polite" data-testid="rule-editors-add-outcome">
          {isApiError(error) && <Message negative content={error.message} />}
        </div>
        <Button type="submit" color="brown" icon="user plus" loading={isLoading} disabled={isLoading || !username.trim()} content={t('rules.editors.add')} />
      </Form>
    </Segment>
  );
}
