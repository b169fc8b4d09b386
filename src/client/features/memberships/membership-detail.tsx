import type { User } from '@generated';
import { useProjectTimelineQuery, type PortalProject } from '@/client/api/projects';
import { ProjectTimeline } from '@/client/engine/timeline/project-timeline';
import { CollaboratorsForm } from './collaborators-form';
import { MembersTable } from './members-table';
import { membershipControls } from './membership-rules';
import { membershipRules } from './membership-rule-set';
import { PendingInvites } from './pending-invites';
import { ProjectReadiness } from '@/client/engine/readiness/project-readiness';
import { ProjectMailMute } from './project-mail-mute';
import { ProjectCard } from './project-card';
import { ProjectGrants } from './project-grants';
import { useMembershipActions } from './use-membership-actions';

/** One membership: the card with its members, and the controls this user has on the project. */
export function MembershipDetail({ project, user }: { project: PortalProject; user: User }) {
  const controls = membershipControls(user, project, membershipRules());
  const actions = useMembershipActions(project, user.id);
  const timeline = useProjectTimelineQuery(project.identifier, { skip: !controls.isLead });
  return (
    <>
      <ProjectCard project={project}>
        <MembersTable project={project} signOff={controls.signOff ? { busy: actions.busy, run: actions.signOff } : undefined} />
      </ProjectCard>
      {(controls.invite || controls.addByUsername) && <CollaboratorsForm project={project} controls={controls} actions={actions} />}
      {controls.isLead && <ProjectGrants project={project} />}
      {controls.isLead && <ProjectReadiness project={project} />}
      {controls.isLead && <ProjectMailMute project={project} />}
      {controls.cancelInvites && <PendingInvites project={project} onCancel={actions.cancelInvite} busy={actions.busy} />}
      {controls.isLead && <ProjectTimeline {...timeline} />}
    </>
  );
}
