import { useMemo, useState } from 'react';
import { Button, Form, Input, Segment } from 'semantic-ui-react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { useTranslation } from 'react-i18next';
import { useAddSoftwareMutation } from '@/client/api/software';
import { activeUser, useSessionQuery } from '@/client/api/session';
import { useOpsUsersQuery } from '@/client/api/staff';
import { isApiError } from '@/client/api/api-error';
import { useToast } from '@/client/shared/toast/use-toast';

/** Adds a modulefile: its name and the staff member credited with it (from ops-users). */
export function AddSoftwareForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: session } = useSessionQuery();
  const me = activeUser(session)?.username ?? '';
  const { data: ops } = useOpsUsersQuery();
  const [name, setName] = useState('');
  const [person, setPerson] = useState<string | null>(null);
  const [add, { isLoading }] = useAddSoftwareMutation();
  const options = useMemo(
    () => (ops ?? []).map((p) => ({ key: p.username, value: p.username, text: `${p.first_name} ${p.last_name}` })),
    [ops],
  );
  const chosen = person ?? (options.some((o) => o.value === me) ? me : null);

  const submit = async () => {
    const option = options.find((o) => o.value === chosen);
    if (!name.trim() || !option) return;
    try {
      await add({ newAppModuleName: name.trim(), newAppAddedBy: { label: option.text, value: option.value } }).unwrap();
      toast.success(t('software.added'));
      setName('');
    } catch (error) {
      toast.error(`${t('software.addFailed')} ${isApiError(error) ? error.message : ''}`.trim());
    }
  };

  return (
    <Segment className="add-software">
      <Form onSubmit={() => void submit()}>
        <Form.Group widths="equal">
          <Form.Field required>
            <label htmlFor="new-module-name">{t('software.moduleName')}</label>
            <Input id="new-module-name" value={name} placeholder="gromacs/2023.3-cuda" onChange={(_e, d) => setName(String(d.value))} />
          </Form.Field>
          <Form.Field required>
            <label htmlFor="new-module-person">{t('software.addedBy')}</label>
            <AccessibleDropdown
              id="new-module-person"
              aria-label={t('software.addedBy')}
              selection
              search
              noResultsMessage={t('requestForm.noResults')}
              options={options}
              value={chosen ?? ''}
              onChange={(_e, d) => setPerson(String(d.value))}
            />
          </Form.Field>
        </Form.Group>
        <Button type="submit" color="brown" loading={isLoading} disabled={!name.trim() || !chosen} icon="plus" content={t('software.add')} />
      </Form>
    </Segment>
  );
}
