import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@generated';
import { isAdmin } from '@/client/api/session';
import { currentLocale } from '@/client/i18n/i18n';
import { paths } from '@/client/shared/paths';
import { schemas } from '@/client/shared/schema-set';
import { CentreLogo } from './centre-logo';
import { LanguageToggle } from './language-toggle';
import { LogoutButton } from './logout-button';
import { ModeSwitch } from './mode-switch';
import { UserPopover } from './user-popover';

/** Logo and service name, then the admin/user switch, language, greeting card and logout. */
export function AppHeader({ user, adminMode }: { user: User; adminMode: boolean }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  return (
    <header className="app-header">
      <Link to={adminMode ? paths.requests.href : paths.myRequests.href} className="brand">
        <CentreLogo className="brand-logo" />
        <span className="brand-text">
          <span className="brand-service">{schemas.service.serviceName[locale]}</span>
          <span className="brand-centre">{schemas.service.centreName[locale]}</span>
        </span>
      </Link>
      <div className="header-tools">
        {isAdmin(user) ? <ModeSwitch adminMode={adminMode} /> : null}
        <LanguageToggle />
        <UserPopover user={user} />
        <LogoutButton />
      </div>
    </header>
  );
}
