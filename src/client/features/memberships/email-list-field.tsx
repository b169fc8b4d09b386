import { useMemo, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useToast } from '@/client/shared/toast/use-toast';
import { isEmail, parseEmailFile } from './email-file';

interface EmailListFieldProps {
  id: string;
  label: string;
  hint?: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Fixed choices (registry collaborators); when given, nothing else can be typed or loaded. */
  choices?: readonly string[];
}

/**
 * A list of e-mail addresses: typed one by one (Enter adds), or loaded from a text file with one
 * address per line. Invalid file lines raise the spec's toast; the valid ones are still added.
 */
export function EmailListField({ id, label, hint, values, onChange, choices }: EmailListFieldProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const free = choices === undefined;
  const options = useMemo(
    () => [...new Set([...(choices ?? []), ...values])].map((email) => ({ key: email, text: email, value: email })),
    [choices, values],
  );

  const change = (next: string[]) => {
    const invalid = next.filter((email) => !isEmail(email));
    invalid.forEach((email) => toast.warning(t('memberships.invite.invalidEmail', { email })));
    onChange(next.filter(isEmail));
  };

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { emails, invalidLines } = parseEmailFile(await file.text().catch(() => ''));
    if (invalidLines.length > 0) toast.error(t('memberships.invite.fileInvalid'));
    onChange([...new Set([...values, ...emails])]);
  };

  return (
    <Form.Field>
      <label htmlFor={id}>{label}</label>
      <div className="email-list-field">
        <AccessibleDropdown
          id={id}
          fluid
          multiple
          search
          selection
          allowAdditions={free}
          additionLabel={t('memberships.invite.addItem')}
          noResultsMessage={null}
          placeholder={free ? t('memberships.invite.placeholder') : undefined}
          options={options}
          value={[...values]}
          onChange={(_e, { value }) => change((value as string[]) ?? [])}
        />
        {free && (
          <>
            <input ref={fileInput} type="file" accept=".txt,.csv,text/plain" hidden data-testid={`${id}-file`} onChange={(e) => void loadFile(e)} />
            <Button type="button" basic onClick={() => fileInput.current?.click()}>
              <Icon name="upload" />
              {t('memberships.invite.file')}
            </Button>
          </>
        )}
      </div>
      {hint && <p className="field-hint">{hint}</p>}
    </Form.Field>
  );
}
