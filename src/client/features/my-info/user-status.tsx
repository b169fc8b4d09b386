import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { User } from '@generated';
import { CopyButton } from '@/client/engine/renderers';
import { InfoTable } from './info-table';

/** Active or inactive (with the reason beside it), local or foreign, and the cluster username. */
export function UserStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  const foreign = user.person_type === 'foreign';
  const status = (
    <span data-testid="user-status">
      <Icon name={user.status ? 'check circle' : 'times circle'} color={user.status ? 'green' : 'red'} />
      {user.status ? t('myInfo.active') : t('myInfo.inactive')}
    </span>
  );
  return (
    <InfoTable
      rows={[
        [
          t('myInfo.status'),
          <span key="status">
            {status} <span className="muted">({user.status ? t('myInfo.activeTip') : t('myInfo.inactiveTip')})</span>
          </span>,
        ],
        [
          t('myInfo.personType'),
          <span key="type">
            <Icon name={foreign ? 'globe' : 'home'} color="blue" />
            {foreign ? t('myInfo.foreign') : t('myInfo.local')}
          </span>,
        ],
        [
          t('myInfo.username'),
          user.person_username ? (
            <span key="username" className="myinfo-copy">
              <code>{user.person_username}</code>
              <CopyButton value={user.person_username} what="username" />
            </span>
          ) : (
            <em key="none">{t('myInfo.noUsername')}</em>
          ),
        ],
      ]}
    />
  );
}
