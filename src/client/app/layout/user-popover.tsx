import { useTranslation } from 'react-i18next';
import { Button, Icon, Label, List, Popup } from 'semantic-ui-react';
import type { User } from '@generated';
import { isAdmin } from '@/client/api/session';

/** The greeting; opens a card with role, full name, unique id, active state and person type. */
export function UserPopover({ user }: { user: User }) {
  const { t } = useTranslation();
  const admin = isAdmin(user);
  const foreign = user.person_type === 'foreign';
  const trigger = (
    <Button type="button" basic className="greeting" data-testid="user-greeting">
      <Icon name="user circle" />
      {t('header.greeting', { name: user.first_name })}
    </Button>
  );
  return (
    <Popup trigger={trigger} on="click" position="bottom right" className="user-popover">
      <Popup.Content>
        <Label color={admin ? 'red' : 'blue'} ribbon={false} className="role-badge">
          {admin ? t('header.roleAdmin') : t('header.roleUser')}
        </Label>
        <List>
          <List.Item>
            <strong>
              {user.first_name} {user.last_name}
            </strong>
          </List.Item>
          {user.person_uniqueid ? (
            <List.Item>
              <span className="muted">{t('header.uniqueId')}: </span>
              {user.person_uniqueid}
            </List.Item>
          ) : null}
          <List.Item>
            <Icon name={user.status ? 'check circle' : 'minus circle'} color={user.status ? 'green' : 'grey'} />
            {user.status ? t('header.active') : t('header.inactive')}
          </List.Item>
          <List.Item>
            <Icon name={foreign ? 'globe' : 'home'} color="brown" />
            {foreign ? t('header.personForeign') : t('header.personLocal')}
          </List.Item>
        </List>
      </Popup.Content>
    </Popup>
  );
}
