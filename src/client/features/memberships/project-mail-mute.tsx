import { useTranslation } from 'react-i18next';
import { Checkbox, Header, Segment } from 'semantic-ui-react';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useMailPreferencesQuery, useMuteProjectMailMutation } from '@/client/api/mail-preferences';
import type { PortalProject } from '@/client/api/projects';
import { useToast } from '@/client/shared/toast/use-toast';

/** The lead's switch that mutes the routine notices about this project that go to them. */
export function ProjectMailMute({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useMailPreferencesQuery();
  const [mute, { isLoading }] = useMuteProjectMailMutation();
  const muted = data?.mutedProjects.includes(project.identifier) ?? false;
  const toggle = async () => {
    try {
      const answer = await mute({ identifier: project.identifier, muted: !muted }).unwrap();
      toast.success(t(answer.muted ? 'memberships.mute.muted' : 'memberships.mute.unmuted'));
    } catch (error) {
      const text = isApiError(error) ? error.message || apiErrorText('Error saving', error) : String(error);
      toast.error(t('memberships.mute.failed', { error: text }));
    }
  };
  return (
    <Segment data-testid="project-mail-mute">
      <Header as="h2" size="small">
        {t('memberships.mute.heading')}
      </Header>
      <Checkbox
        toggle
        id="project-mail-mute"
        label={t('memberships.mute.toggle')}
        checked={muted}
        disabled={!data || isLoading}
        onChange={() => void toggle()}
      />
      <p className="membership-mute-help">{t('memberships.mute.help')}</p>
    </Segment>
  );
}
