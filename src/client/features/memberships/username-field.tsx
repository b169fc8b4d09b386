import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useInternalAddCandidatesQuery } from '@/client/api/memberships';

/** Existing users to add by username; members of the project are left out. */
export function UsernameField({ values, onChange, exclude }: { values: readonly string[]; onChange: (values: string[]) => void; exclude: readonly string[] }) {
  const { t } = useTranslation();
  const { data, isFetching } = useInternalAddCandidatesQuery();
  const options = useMemo(
    () =>
      (data ?? [])
        .filter((user) => !exclude.includes(user.username))
        .map((user) => ({
          key: user.username,
          value: user.username,
          text: `${user.first_name} ${user.last_name} (${user.username})`,
        })),
    [data, exclude],
  );
  return (
    <Form.Field>
      <label htmlFor="internal-usernames">{t('memberships.invite.usernames')}</label>
      <AccessibleDropdown
        id="internal-usernames"
        fluid
        multiple
        search
        selection
        loading={isFetching}
        options={options}
        value={[...values]}
        onChange={(_e, { value }) => onChange((value as string[]) ?? [])}
      />
      <p className="field-hint">{t('memberships.invite.usernamesHint')}</p>
    </Form.Field>
  );
}
