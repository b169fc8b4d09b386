import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useChangeProjectMutation, useDeleteProjectMutation } from '@/client/api/projects';
import { isApiError } from '@/client/api/api-error';
import { useToast } from '@/client/shared/toast/use-toast';
import { schemas } from '@/client/shared/schema-set';
import { paths } from '@/schema-runtime/pages';
import type { ProjectChangeBody } from '@generated';
import { useGrantPart } from './grant-fields';

/** Saving and deleting from the processing screen: toasts, then back to the list after the delay. */
export function useSaveProcessing(identifier: string, projectMode: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [change, changeState] = useChangeProjectMutation();
  const grantPart = useGrantPart();
  const [remove, removeState] = useDeleteProjectMutation();
  const list = projectMode ? paths.projects.href : paths.requests.href;
  const leave = () => setTimeout(() => navigate(list), schemas.constants.redirectDelayMs);

  const save = async (body: ProjectChangeBody) => {
    try {
      await change({ identifier, body: { ...body, ...grantPart(body) } }).unwrap();
      toast.success(t(projectMode ? 'processing.savedProject' : 'processing.savedRequest'));
      leave();
    } catch (error) {
      const message = isApiError(error) ? error.message : '';
      toast.error(`${t(projectMode ? 'processing.saveFailedProject' : 'processing.saveFailedRequest')} ${message}`.trim());
    }
  };

  const destroy = async () => {
    try {
      await remove(identifier).unwrap();
      toast.success(t('processing.deleted', { identifier }));
      leave();
    } catch (error) {
      const message = isApiError(error) ? error.message : '';
      toast.error(`${t('processing.deleteFailed', { identifier })} ${message}`.trim());
    }
  };

  return { save, destroy, saving: changeState.isLoading, deleting: removeState.isLoading };
}
