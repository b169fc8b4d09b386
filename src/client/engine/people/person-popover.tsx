import { Link } from 'react-router-dom';
import { Button, List, Popup } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { userDetailPath } from '../staff-links';
import { PopupOnFirstClick } from './popup-on-first-click';

/** The person fields the popover shows (a membership's user). */
export interface PopoverPerson {
  username: string;
  first_name: string;
  last_name: string;
  person_institution?: string;
  person_affiliation?: string;
  person_mail?: string;
  status?: boolean;
}

/**
 * A person's name that opens a popover with name, username, institution and affiliation, e-mail
 * and a link to the staff user page (the inactive variant for an inactive user). The popover is
 * mounted on the first click (see `PopupOnFirstClick`): grids draw many of these.
 */
export function PersonPopover({ person, lead }: { person: PopoverPerson; lead?: boolean }) {
  const name = `${person.first_name} ${person.last_name}`.trim();
  const trigger = (
    <Button type="button" size="mini" basic={!lead} color={lead ? 'black' : undefined} compact className="person-trigger" data-person={person.username}>
      {name || person.username}
    </Button>
  );
  return (
    <PopupOnFirstClick trigger={trigger} position="bottom left" wide className="person-popover">
      <PersonDetails person={person} name={name} />
    </PopupOnFirstClick>
  );
}

function PersonDetails({ person, name }: { person: PopoverPerson; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Popup.Header>{name}</Popup.Header>
      <Popup.Content>
        <List size="small">
          <List.Item icon="user" content={person.username} />
          {person.person_institution && (
            <List.Item icon="university" content={[person.person_institution, person.person_affiliation].filter(Boolean).join(', ')} />
          )}
          {person.person_mail && <List.Item icon="mail" content={person.person_mail} />}
          <List.Item icon="external alternate" content={<Link to={userDetailPath(person.username, person.status === false)}>{t('grid.people.userDetail')}</Link>} />
        </List>
      </Popup.Content>
    </>
  );
}
