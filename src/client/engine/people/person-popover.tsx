import { Link } from 'react-router-dom';
import { Button, Loader, Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import { Popover } from '@/client/shared/popover';
import { userDetailPath } from '../staff-links';
import { usePersonLookupHook, type PopoverPerson, type UsePersonLookup } from './person-lookup';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

export type { PopoverPerson };

/**
 * A person's name that opens a popover with name, username, institution and affiliation, e-mail
 * and a link to the staff user page (the inactive variant for an inactive user). The popover is
 * mounted on the first click (see `Popover`): grids draw many of these. Given only a name (no
 * e-mail, institution or affiliation), it loads the rest through the app's person lookup when it
 * opens.
 */
export function PersonPopover({ person, lead }: { person: PopoverPerson; lead?: boolean }) {
  const name = `${person.first_name} ${person.last_name}`.trim();
  const trigger = (
    <Button type="button" size="mini" basic={!lead} color={lead ? 'black' : undefined} compact className="person-trigger" data-person={person.username}>
      {name || person.username}
    </Button>
  );
  return (
    <Popover trigger={trigger} wide className="person-popover">
      <PersonContent person={person} name={name} />
    </Popover>
  );
}

/** Whether the person carries only names, so the popover's other fields must be loaded. */
function namesOnly(person: PopoverPerson): boolean {
  return person.person_mail === undefined && person.person_institution === undefined && person.person_affiliation === undefined;
}

function PersonContent({ person, name }: { person: PopoverPerson; name: string }) {
  const lookup = usePersonLookupHook();
  if (lookup && namesOnly(person)) return <LoadedPersonDetails lookup={lookup} person={person} name={name} />;
  return <PersonDetails person={person} name={name} />;
}

function LoadedPersonDetails({ lookup, person, name }: { lookup: UsePersonLookup; person: PopoverPerson; name: string }) {
  const { t } = useTranslation();
  const { person: loaded, loading, failed } = lookup(person.username);
  if (loaded) return <PersonDetails person={{ ...loaded, status: person.status ?? loaded.status }} name={name} />;
  return (
    <>
      <div className="header">{name}</div>
      <div className="content">
        {loading && <Loader active inline size="small" aria-label={t('common.loading')} />}
        {failed && <Message size="mini" negative content={t('grid.people.loadFailed')} />}
      </div>
    </>
  );
}

function PersonDetails({ person, name }: { person: PopoverPerson; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="header">{name}</div>
      <div className="content">
        <SimpleList small>
          <SimpleListItem icon="user">{person.username}</SimpleListItem>
          {person.person_institution && (
            <SimpleListItem icon="university">{[person.person_institution, person.person_affiliation].filter(Boolean).join(', ')}</SimpleListItem>
          )}
          {person.person_mail && <SimpleListItem icon="mail">{person.person_mail}</SimpleListItem>}
          <SimpleListItem icon="external alternate"><Link to={userDetailPath(person.username, person.status === false)}>{t('grid.people.userDetail')}</Link></SimpleListItem>
        </SimpleList>
      </div>
    </>
  );
}
