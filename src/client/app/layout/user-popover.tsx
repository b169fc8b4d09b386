import { useTranslation } from 'react-i18next';
import { Button, Icon, Label } from 'semantic-ui-react';
import type { User } from '@generated';
import { isAdmin } from '@/client/api/session';
import { Popover } from '@/client/shared/popover';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

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
    <Popover trigger={trigger} align="end" className="user-popover">
      <div className="content">
        <Label color={admin ? 'red' : 'blue'} ribbon={false} className="role-badge">
          {admin ? t('header.roleAdmin') : t('header.roleUser')}
        </Label>
        <SimpleList>
          <SimpleListItem>
            <strong>
              {user.first_name} {user.last_name}
            </strong>
          </SimpleListItem>
          {user.person_uniqueid ? (
            <SimpleListItem>
              <span className="muted">{t('header.uniqueId')}: </span>
              {user.person_uniqueid}
            </SimpleListItem>
          ) : null}
          <SimpleListItem>
            <Icon name={user.status ? 'check circle' : 'minus circle'} color={user.status ? 'green' : 'grey'} />
            {user.status ? t('header.active') : t('header.inactive')}
          </SimpleListItem>
          <SimpleListItem>
            <Icon name={foreign ? 'globe' : 'home'} color="brown" />
            {foreign ? t('header.personForeign') : t('header.personLocal')}
          </SimpleListItem>
        </SimpleList>
      </div>
    </Popover>
  );
}
