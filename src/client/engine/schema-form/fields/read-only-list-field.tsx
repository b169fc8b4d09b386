import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './field-label';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

type Json = Record<string, unknown>;

/** One entry of a registry list in words: a funder, an institution (with its class), a collaborator. */
export function listEntryText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return String(entry ?? '');
  const e = entry as Json;
  if (typeof e.first_name === 'string' || typeof e.last_name === 'string') {
    const name = [e.first_name, e.last_name].filter(Boolean).join(' ');
    return e.email ? `${name} (${String(e.email).split(';').join(', ')})` : name;
  }
  if (typeof e.name === 'string') return e.class ? `${e.name} (${String(e.class)})` : e.name;
  return JSON.stringify(entry);
}

/** A list the requester cannot edit (registry funders, institutions, collaborators). */
export function ReadOnlyListField(props: FieldProps<unknown[]>) {
  const { formData, fieldPathId, uiSchema } = props;
  const { t } = useTranslation();
  const entries = formData ?? [];
  return (
    <div className="read-only-list" id={fieldPathId.$id}>
      <FieldLabel text={String(uiSchema?.['ui:title'] ?? '')} />
      {entries.length === 0 ? (
        <div className="read-only-empty">{t('requestForm.none')}</div>
      ) : (
        <SimpleList bulleted>
          {entries.map((entry, i) => (
            <SimpleListItem key={i}>{listEntryText(entry)}</SimpleListItem>
          ))}
        </SimpleList>
      )}
    </div>
  );
}
