import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import type { PortalProject } from '../../api/projects';
import { useProjectReadinessQuery, useResendInviteMutation } from '../../api/readiness';
import { ReadinessSection } from '../../engine/readiness/readiness-section';
import { useToast } from '../../shared/toast/use-toast';

/** Staff's view of where each member and pending invitation of the project stands, with re-send for stale invitations. */
export function ProjectReadiness({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, isLoading, isError } = useProjectReadinessQuery(project.identifier);
  const [resend, { isLoading: busy }] = useResendInviteMutation();
  const onResend = async (inviteId: number, email: string) => {
    try {
      await resend(inviteId).unwrap();
      toast.success(t('readiness.resent', { email }));
    } catch (error) {
      toast.error(t('readiness.resendFailed', { error: isApiError(error) ? error.message : String(error) }));
    }
  };
  return (
    <ReadinessSection
      data={data}
      isLoading={isLoading}
      isError={isError}
      canResend={project.is_active}
      busy={busy}
      onResend={(id, email) => void onResend(id, email)}
    />
  );
}
