import { AccountingView } from './accounting-view';

/** /ui/my-accounting (only when accounting is enabled). */
export default function MyAccountingPage() {
  return <AccountingView kind="mine" />;
}
