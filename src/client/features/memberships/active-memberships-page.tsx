import { MembershipsList } from './memberships-list';

/** /ui/memberships: memberships on active projects. */
export default function ActiveMembershipsPage() {
  return <MembershipsList inactive={false} />;
}
