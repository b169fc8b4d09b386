import { Message } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { RequestTypeBlock } from './request-types';

const INSTITUTE_REASONS = ['MBZ unknown', 'Already submitted', 'Access CroRIS', 'No CroRIS data', 'Lead CroRIS project', 'Associate CroRIS project'] as const;
type InstituteReason = (typeof INSTITUTE_REASONS)[number];

/** Why the chosen request type cannot be filed now, in the user's language. */
export function BlockMessage({ block }: { block: RequestTypeBlock }) {
  const { t } = useTranslation();
  let content: string;
  if (block.kind === 'foreign') content = t('requests.foreign');
  else if (block.kind === 'registry') content = t('requests.noRegistryProjects');
  else
    content = (INSTITUTE_REASONS as readonly string[]).includes(block.reason)
      ? t(`requests.instituteDenied.${block.reason as InstituteReason}`)
      : t('requests.instituteDenied.other');
  return <Message warning content={content} data-testid="request-type-block" />;
}
