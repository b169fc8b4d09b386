import { useContext } from 'react';
import { ReadinessSection } from './readiness-section';
import { ProjectReadinessContext, type UseProjectReadiness } from './readiness-source';

const nothingProvided: UseProjectReadiness = () => ({ isLoading: false, isError: true, busy: false, resend: async () => undefined });

/**
 * Where each member and pending invitation of a project stands, with re-send for stale invitations:
 * the lead's view on the membership page and staff's on the processing screen.
 */
export function ProjectReadiness({ project }: { project: { identifier: string; is_active: boolean } }) {
  const useReadiness = useContext(ProjectReadinessContext) ?? nothingProvided;
  const source = useReadiness(project.identifier);
  return <ReadinessSection {...source} canResend={project.is_active} />;
}
