import { useTranslation } from 'react-i18next';
import type { User } from '@generated';
import { InfoTable } from './info-table';

/** The user as the identity directory describes them. */
export function DirectoryData({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <InfoTable
      testId="directory-data"
      rows={[
        [t('myInfo.firstName'), user.first_name],
        [t('myInfo.lastName'), user.last_name],
        [t('myInfo.uniqueId'), user.person_uniqueid],
        [t('myInfo.email'), user.person_mail],
        [t('myInfo.affiliation'), user.person_affiliation],
        [t('myInfo.institution'), user.person_institution],
        [t('myInfo.organisation'), user.person_organisation],
      ]}
    />
  );
}
