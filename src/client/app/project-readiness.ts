import { useProjectReadinessQuery, useResendInviteMutation } from '@/client/api/readiness';
import type { ProjectReadinessSource } from '@/client/engine/readiness/readiness-source';

/**
 * The readiness sections' source (engine/readiness/project-readiness.tsx): one project's readiness
 * and the re-send of its invitations, through RTK Query.
 */
export function useProjectReadinessSource(identifier: string): ProjectReadinessSource {
  const { data, isLoading, isError } = useProjectReadinessQuery(identifier);
  const [resend, { isLoading: busy }] = useResendInviteMutation();
  return { data, isLoading, isError, busy, resend: (inviteId) => resend(inviteId).unwrap() };
}
