import type { Session } from '../../../../generated';
import type hr from '../../i18n/hr.json';
import { isLead } from '../../api/session';
import { paths } from '../../shared/paths';

export interface NavItem {
  labelKey: keyof typeof hr.nav;
  to: string;
}

/** The user nav bar; "Resource usage" only with accounting, leading leads to their projects' usage. */
export function userNavItems(session: Session): NavItem[] {
  const items: NavItem[] = [
    { labelKey: 'myRequests', to: paths.myRequests },
    { labelKey: 'newRequest', to: paths.newRequest },
    { labelKey: 'memberships', to: paths.memberships },
    { labelKey: 'publicKeys', to: paths.publicKeys },
  ];
  if (session.config.enable_accounting) {
    items.push({
      labelKey: 'resourceUsage',
      to: isLead(session.userdetails) ? paths.projectAccounting : paths.myAccounting,
    });
  }
  items.push({ labelKey: 'myInfo', to: paths.myInfo });
  return items;
}

/** The staff nav bar; usage by science domain only with accounting. */
export function adminNavItems(session: Session): NavItem[] {
  const items: NavItem[] = [
    { labelKey: 'requests', to: paths.requests },
    { labelKey: 'projects', to: paths.projects },
    { labelKey: 'users', to: paths.users },
    { labelKey: 'software', to: paths.software },
  ];
  if (session.config.enable_accounting) items.push({ labelKey: 'scienceUsage', to: paths.scienceUsage });
  return items;
}
