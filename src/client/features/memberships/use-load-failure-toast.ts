import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useToast } from '@/client/shared/toast/use-toast';

/** Shows the spec's fetch-failure toast once when the projects cannot be loaded. */
export function useLoadFailureToast(error: unknown): void {
  const { t } = useTranslation();
  const toast = useToast();
  useEffect(() => {
    if (isApiError(error)) toast.error(apiErrorText(t('memberships.loadFailed'), error), { id: 'memberships-fetch' });
  }, [error, t, toast]);
}
