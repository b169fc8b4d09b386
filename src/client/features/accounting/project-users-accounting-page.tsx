import { AccountingView } from './accounting-view';
import { EfficiencyTable } from './efficiency-table';

/** /ui/project-users-accounting (only when accounting is enabled): the charts, with the members' efficiency above them. */
export default function ProjectUsersAccountingPage() {
  return (
    <AccountingView kind="projectUsers">
      <EfficiencyTable />
    </AccountingView>
  );
}
