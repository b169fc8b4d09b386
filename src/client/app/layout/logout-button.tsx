import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useLogoutMutation } from '@/client/api/auth';
import { ConfirmDialog } from '@/client/shared/dialog';
import { clearReferrer } from '@/client/shared/referrer';
import { useToast } from '@/client/shared/toast/use-toast';

/** Asks for confirmation, logs out, then loads wherever the server says (login page or SAML logout). */
export function LogoutButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();

  const confirm = async () => {
    try {
      const { redirect } = await logout().unwrap();
      // The next person to log in on this browser should land by their own role, not our history.
      clearReferrer();
      window.location.assign(redirect);
    } catch (error) {
      setOpen(false);
      toast.error(isApiError(error) ? apiErrorText(t('header.logoutFailed'), error) : t('header.logoutFailed'));
    }
  };

  return (
    <>
      <Button type="button" icon="sign out" content={t('header.logout')} onClick={() => setOpen(true)} loading={isLoading} />
      <ConfirmDialog
        open={open}
        size="tiny"
        question={t('header.logoutConfirm')}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
