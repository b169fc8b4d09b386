import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'semantic-ui-react';
import { paths } from '@/schema-runtime/pages';

/**
 * Admins switch between admin mode and user mode. The mode is not stored: it follows the current
 * page (a staff page means admin mode), so a bookmark or the back button can never disagree with it.
 */
export function ModeSwitch({ adminMode }: { adminMode: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button.Group size="mini" className="mode-switch">
      <Button
        type="button"
        active={adminMode}
        color={adminMode ? 'red' : undefined}
        basic={!adminMode}
        aria-pressed={adminMode}
        title={t('header.switchToAdmin')}
        onClick={() => !adminMode && navigate(paths.requests.href)}
      >
        {t('header.adminMode')}
      </Button>
      <Button
        type="button"
        active={!adminMode}
        color={!adminMode ? 'blue' : undefined}
        basic={adminMode}
        aria-pressed={!adminMode}
        title={t('header.switchToUser')}
        onClick={() => adminMode && navigate(paths.myRequests.href)}
      >
        {t('header.userMode')}
      </Button>
    </Button.Group>
  );
}
