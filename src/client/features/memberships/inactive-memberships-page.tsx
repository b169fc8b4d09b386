import { MembershipsList } from './memberships-list';

/** /ui/memberships/inactive: memberships on projects that are no longer active. */
export default function InactiveMembershipsPage() {
  return <MembershipsList inactive />;
}
