import { AccountingView } from './accounting-view';
import { GrantBurnDowns } from './grant-burn-down';

/** /ui/project-accounting (only when accounting is enabled): the charts, with the hours granted above them. */
export default function ProjectAccountingPage() {
  return (
    <AccountingView kind="projects">
      <GrantBurnDowns />
    </AccountingView>
  );
}
