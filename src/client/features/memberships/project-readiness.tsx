import type { PortalProject } from '../../api/projects';
import { useProjectReadinessQuery, useResendInviteMutation } from '../../api/readiness';
import { ReadinessSection } from '../../engine/readiness/readiness-section';

/** The lead's view of where each member and pending invitation stands, with re-send for stale invitations. */
export function ProjectReadiness({ project }: { project: PortalProject }) {
  const { data, isLoading, isError } = useProjectReadinessQuery(project.identifier);
  const [resend, { isLoading: busy }] = useResendInviteMutation();
  return (
    <ReadinessSection
      data={data}
      isLoading={isLoading}
      isError={isError}
      canResend={project.is_active}
      busy={busy}
      resend={(inviteId) => resend(inviteId).unwrap()}
    />
  );
}
