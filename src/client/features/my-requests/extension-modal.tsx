import { useEffect, useRef, useState } from 'react';
import { Button, Form, Message } from 'semantic-ui-react';
import { Dialog } from '@/client/shared/dialog';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/client/api/api-error';
import { useRequestExtensionMutation } from '@/client/api/extensions';
import type { PortalProject } from '@/client/api/projects';
import { formatDate } from '@/client/engine/format';
import { storedDate } from '@/client/engine/schema-form/fields/request-date';
import { schemas } from '@/client/shared/schema-set';
import { useToast } from '@/client/shared/toast/use-toast';
import { canRequestExtension, extensionBounds, extensionEndForApi, graceMonthsOf, withinBounds } from './my-request-rules';

/**
 * The lead's extension request for a project about to expire: a new end date between the day
 * after the current end and `grace_months` after it, typed as dd.mm.yyyy like every other date,
 * and an explanation, both required. Once sent, the modal shows only the success until it closes.
 */
export function ExtensionModal({
  project,
  graceConfig,
  onClose,
}: {
  project: PortalProject;
  graceConfig: { grace_months?: number } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [send, sending] = useRequestExtensionMutation();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const bounds = extensionBounds(project.date_end, graceMonthsOf(graceConfig));
  const allowed = canRequestExtension(project.state.name) && bounds !== null;
  const day = storedDate(date) ?? '';
  const dateError = !date.trim() ? t('extension.required') : bounds && !withinBounds(day, bounds)
    ? t('extension.dateRange', { min: formatDate(bounds.min), max: formatDate(bounds.max) })
    : null;
  const reasonError = reason.trim() ? null : t('extension.required');

  const submit = async () => {
    setTried(true);
    if (!allowed || dateError || reasonError) return;
    try {
      await send({ projectId: project.id, body: { reason: reason.trim(), approved: false, date_end: extensionEndForApi(day) } }).unwrap();
      setDone(true);
      toast.success(t('extension.success'));
      timer.current = setTimeout(onClose, schemas.constants.redirectDelayMs);
    } catch (error) {
      toast.error(t('extension.failed', { message: isApiError(error) ? error.message || `${error.status} ${error.statusText}` : String(error) }));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      className="extension-modal"
      closeButton
      header={t('extension.heading')}
      actions={
        <>
          <Button type="button" onClick={onClose} content={t('extension.cancel')} />
          {allowed && !done && (
            <Button type="submit" form="extension-form" primary loading={sending.isLoading} disabled={sending.isLoading || done} content={t('extension.submit')} />
          )}
        </>
      }
    >
      <p>
        <strong>{t('extension.project')}:</strong> {project.name} ({project.identifier})
      </p>
      <p>
        <strong>{t('extension.currentEnd')}:</strong> {formatDate(project.date_end)}
      </p>
      {done ? (
        <Message success content={t('extension.success')} data-testid="extension-done" />
      ) : !allowed ? (
        <Message warning content={t('extension.notAllowed')} />
      ) : (
        <Form id="extension-form" onSubmit={() => void submit()} noValidate>
          <Form.Input
            id="extension-date"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('requestForm.datePlaceholder')}
            label={t('extension.newEnd')}
            required
            data-min={bounds ? formatDate(bounds.min) : undefined}
            data-max={bounds ? formatDate(bounds.max) : undefined}
            value={date}
            onChange={(_e, data) => setDate(String(data.value))}
            error={tried && dateError ? { content: dateError, pointing: 'above' } : undefined}
            aria-describedby={bounds ? 'extension-date-range' : undefined}
          />
          {/* The allowed range up front, not only after a wrong date. */}
          {bounds && (
            <p id="extension-date-range" className="extension-date-range" data-testid="extension-date-range">
              {t('extension.allowedRange', { min: formatDate(bounds.min), max: formatDate(bounds.max) })}
            </p>
          )}
          <Form.TextArea
            id="extension-reason"
            label={t('extension.reason')}
            required
            rows={4}
            value={reason}
            onChange={(_e, data) => setReason(String(data.value ?? ''))}
            error={tried && reasonError ? { content: reasonError, pointing: 'above' } : undefined}
          />
        </Form>
      )}
    </Dialog>
  );
}
