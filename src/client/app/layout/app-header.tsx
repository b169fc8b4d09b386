import { Link } from 'react-router';
import type { User } from '@generated';
import { isAdmin } from '@/client/api/session';
import { paths } from '@/schema-runtime/pages';
import { BrandMark } from './centre-logo';
import { LanguageToggle } from './language-toggle';
import { LogoutButton } from './logout-button';
import { ModeSwitch } from './mode-switch';
import { UserPopover } from './user-popover';

/** Logo and service name, then the admin/user switch, language, greeting card and logout. */
export function AppHeader({ user, adminMode }: { user: User; adminMode: boolean }) {
  return (
    <header className="app-header">
      <Link to={adminMode ? paths.requests.href : paths.myRequests.href} className="brand">
        <BrandMark />
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
