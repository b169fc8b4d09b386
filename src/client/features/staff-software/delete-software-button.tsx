import { useTranslation } from 'react-i18next';
import type { SoftwareList } from '@generated';
import { useDeleteSoftwareMutation } from '@/client/api/software';
import { isApiError } from '@/client/api/api-error';
import { ConfirmButton } from '@/client/engine/renderers';
import { useToast } from '@/client/shared/toast/use-toast';

/** Deletes one modulefile after a yes/no confirmation. */
export function DeleteSoftwareButton({ row }: { row: unknown }) {
  const { t } = useTranslation();
  const toast = useToast();
  const entry = row as SoftwareList[number];
  const [remove, { isLoading }] = useDeleteSoftwareMutation();
  const confirm = async () => {
    try {
      await remove(entry).unwrap();
      toast.success(t('software.deleted'));
    } catch (error) {
      toast.error(`${t('software.deleteFailed')} ${isApiError(error) ? error.message : ''}`.trim());
    }
  };
  return (
    <ConfirmButton
      size="mini"
      color="red"
      basic
      icon="trash"
      loading={isLoading}
      aria-label={t('software.delete')}
      question={t('software.deleteConfirm', { name: entry.name })}
      onConfirm={() => void confirm()}
    >
      {t('software.delete')}
    </ConfirmButton>
  );
}
