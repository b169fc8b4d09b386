import { Form, TextArea } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';

/**
 * The staff comment. Only a denial keeps one (it goes to the lead), so for any other state the box
 * is really disabled, not just greyed, and a line under it says why and how to enable it.
 */
export function StaffCommentField({ value, enabled, onChange }: { value: string; enabled: boolean; onChange(comment: string): void }) {
  const { t } = useTranslation();
  return (
    <Form.Field disabled={!enabled}>
      <label htmlFor="staff-comment">{t('processing.comment')}</label>
      <TextArea id="staff-comment" value={value} disabled={!enabled} aria-describedby={enabled ? undefined : 'staff-comment-why'} onChange={(_e, d) => onChange(String(d.value ?? ''))} />
      {!enabled && (
        <p id="staff-comment-why" className="processing-note" data-testid="comment-disabled-why">
          {t('processing.commentOnlyOnDeny')}
        </p>
      )}
    </Form.Field>
  );
}
