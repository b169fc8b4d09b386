import type { Session } from '@generated';
import type hr from '@/client/i18n/hr.json';
import { isLead } from '@/client/api/session';
import { paths } from '@/schema-runtime/pages';

export interface NavItem {
  labelKey: keyof typeof hr.nav;
  to: string;
}

/** The user nav bar; "Resource usage" only with accounting, leading leads to their projects' usage. */
export function userNavItems(session: Session): NavItem[] {
  const items: NavItem[] = [
    { labelKey: 'myRequests', to: paths.myRequests.href },
    { labelKey: 'newRequest', to: paths.newRequest.href },
    { labelKey: 'memberships', to: paths.memberships.href },
    { labelKey: 'publicKeys', to: paths.publicKeys.href },
  ];
  if (session.config.enable_accounting) {
    items.push({
      labelKey: 'resourceUsage',
      to: isLead(session.userdetails) ? paths.projectAccounting.href : paths.myAccounting.href,
    });
  }
  items.push({ labelKey: 'myInfo', to: paths.myInfo.href });
  return items;
}

/**
 * The staff nav bar; usage by science domain only with accounting; the outbox always (without SMTP
 * it holds every mail, e.g. invitation links; with SMTP it shows what went out and what fails);
 * the rules page last.
 */
export function adminNavItems(session: Session): NavItem[] {
  const items: NavItem[] = [
    { labelKey: 'requests', to: paths.requests.href },
    { labelKey: 'projects', to: paths.projects.href },
    { labelKey: 'users', to: paths.users.href },
    { labelKey: 'software', to: paths.software.href },
  ];
  if (session.config.enable_accounting) items.push({ labelKey: 'scienceUsage', to: paths.scienceUsage.href }, { labelKey: 'hoursGranted', to: paths.hoursGranted.href });
  items.push({ labelKey: 'outbox', to: paths.outbox.href }, { labelKey: 'rules', to: paths.rules.href });
  return items;
}
