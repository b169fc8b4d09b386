import { Link } from 'react-router-dom';
import { Button } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/schema-runtime/pages';

/** Switches between the active and the inactive users list. */
export function UsersToggle({ inactive }: { inactive: boolean }) {
  const { t } = useTranslation();
  return (
    <Button.Group size="small" className="users-toggle">
      <Button as={Link} to={paths.users.href} active={!inactive} color={inactive ? undefined : 'brown'}>
        {t('staffUsers.active')}
      </Button>
      <Button as={Link} to={paths.inactiveUsers.href} active={inactive} color={inactive ? 'brown' : undefined}>
        {t('staffUsers.inactive')}
      </Button>
    </Button.Group>
  );
}
