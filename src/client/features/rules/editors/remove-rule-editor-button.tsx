import { useTranslation } from 'react-i18next';
import type { RuleEditorPerson } from '@generated';
import { isApiError } from '@/client/api/api-error';
import { useRemoveRuleEditorMutation } from '@/client/api/rule-editors';
import { ConfirmButton } from '@/client/engine/renderers';
import { useToast } from '@/client/shared/toast/use-toast';

/** Removes a member from the rules editors' group after a yes/no confirmation. */
export function RemoveRuleEditorButton({ person }: { person: RuleEditorPerson }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [remove, { isLoading }] = useRemoveRuleEditorMutation();
  const confirm = async () => {
    try {
      const answer = await remove(person.id).unwrap();
      toast.success(answer.status.message);
    } catch (error) {
      toast.error(`${t('rules.editors.removeFailed')} ${isApiError(error) ? error.message : ''}`.trim());
    }
  };
  return (
    <ConfirmButton
      size="mini"
      color="red"
      basic
      icon="user delete"
      loading={isLoading}
      disabled={isLoading}
      aria-label={t('rules.editors.removeLabel', { name: person.name })}
      header={t('rules.editors.removeHeader')}
      question={t('rules.editors.removeConfirm', { name: person.name, username: person.username })}
      onConfirm={() => void confirm()}
    >
      {t('rules.editors.remove')}
    </ConfirmButton>
  );
}
