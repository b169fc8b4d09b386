import { Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { isAdmin, useSessionQuery } from '@/client/api/session';
import { LazySchemaForm } from '@/client/engine/schema-form/lazy-schema-form';
import type { RequestType } from './request-types';
import { useSubmitRequest } from './use-submit-request';

/**
 * The form of one request type, drawn from its schema; a type not accepting requests is shown
 * disabled, and so is the form of a user who may not submit (`blocked`), with its submit button
 * shown disabled: fields that can be filled in but never sent only waste the user's time.
 */
export function RequestForm({ type, initialData, blocked }: { type: RequestType; initialData?: Record<string, unknown>; blocked?: boolean }) {
  const { t } = useTranslation();
  const session = useSessionQuery();
  const { submit, submitting, issues } = useSubmitRequest(type);
  return (
    <>
      {!type.accepting && <Message info content={t('requests.notAccepting')} />}
      <LazySchemaForm
        form={type.form}
        initialData={initialData}
        disabled={!type.accepting || blocked}
        submitBlocked={blocked}
        submitting={submitting}
        isStaff={isAdmin(session.data?.userdetails)}
        serverIssues={issues}
        onSubmit={(data) => void submit(data)}
      />
    </>
  );
}
