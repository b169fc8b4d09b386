import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useChangeProjectMutation, useDeleteProjectMutation } from '../../api/projects';
import { isApiError } from '../../api/api-error';
import { useToast } from '../../shared/toast/use-toast';
import { schemas } from '../../shared/schema-set';
import { paths } from '../../shared/paths';
import type { ProjectChangeBody } from '../../../../generated';

/** Saving and deleting from the processing screen: toasts, then back to the list after the delay. */
export function useSaveProcessing(identifier: string, projectMode: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [change, changeState] = useChangeProjectMutation();
  const [remove, removeState] = useDeleteProjectMutation();
  const list = projectMode ? paths.projects : paths.requests;
  const leave = () => setTimeout(() => navigate(list), schemas.constants.redirectDelayMs);

  const save = async (body: ProjectChangeBody) => {
    try {
      await change({ identifier, body }).unwrap();
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
