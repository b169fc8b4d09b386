import { AccountingView } from './accounting-view';

/** /ui/project-accounting (only when accounting is enabled). */
export default function ProjectAccountingPage() {
  return <AccountingView kind="projects" />;
}
