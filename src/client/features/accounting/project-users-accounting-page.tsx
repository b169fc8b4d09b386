import { AccountingView } from './accounting-view';

/** /ui/project-users-accounting (only when accounting is enabled). */
export default function ProjectUsersAccountingPage() {
  return <AccountingView kind="projectUsers" />;
}
