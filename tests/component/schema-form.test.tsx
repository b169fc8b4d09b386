import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { ToastProvider } from '../../src/client/shared/toast/toast-provider';
import SchemaForm from '../../src/client/engine/schema-form/schema-form';
import { ONE_FIELD } from '../../harness/request-payloads';

const i18n = initI18n({ hr, en });

function renderForm(props: { isStaff?: boolean; initialData?: Record<string, unknown>; onSubmit?: (data: Record<string, unknown>) => void } = {}) {
  const onSubmit = props.onSubmit ?? jest.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <SchemaForm form="component-form.json" isStaff={props.isStaff ?? false} initialData={props.initialData} onSubmit={onSubmit} />
      </ToastProvider>
    </I18nextProvider>,
  );
  return { ...view, onSubmit };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: i18n.t('requestForm.submit') }));

describe('SchemaForm from a small schema', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('hr'));
  });

  it('shows the fields the schema has, with their labels, and our custom fields', () => {
    const { container } = renderForm();
    expect(screen.getByText('Naziv pokusa')).toBeInTheDocument();
    // resourceNumbers: one block per group, each number labelled from the schema.
    expect(within(screen.getByTestId('resources-HPC')).getByLabelText('Jezgre pokusa')).toBeInTheDocument();
    expect(within(screen.getByTestId('resources-CLOUD')).getByLabelText('Poslužitelji pokusa')).toBeInTheDocument();
    // scienceDomains and resourceTypes render in place of RJSF's own array fields.
    expect(container.querySelector('.resource-types')).not.toBeNull();
    expect(screen.getByText('Područja')).toBeInTheDocument();
  });

  it("shows a limit's message in Croatian and, after switching, in English; sends nothing", async () => {
    const { onSubmit } = renderForm({ initialData: { name: 'Pokus', science_field: ONE_FIELD } });
    fireEvent.change(screen.getByLabelText('Jezgre pokusa'), { target: { value: '9' } });
    submit();
    expect(await screen.findByText('Broj ne može biti veći od 8')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('The number cannot be greater than 8')).toBeInTheDocument();
    expect(screen.queryByText('Broj ne može biti veći od 8')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows at the name field that it holds a control character or a line break, in either language; sends nothing', async () => {
    const { container, onSubmit } = renderForm({ initialData: { name: 'Pokus\u001b[2J', science_field: ONE_FIELD } });
    submit();
    // The message is the one the name input is described by.
    const nameField = () => container.querySelector('#root_name__error') as HTMLElement;
    expect(await within(nameField()).findByText('Sadrži kontrolni znak ili znak za smjer pisanja (U+001B), koji ne smije biti u tekstu')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await within(nameField()).findByText('Contains a control or text-direction character (U+001B), which no text may hold')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Trial name/), { target: { value: 'Pokus\u202e' } });
    submit();
    expect(await within(nameField()).findByText('Contains a control or text-direction character (U+202E), which no text may hold')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the share-total error when the domain shares do not add up to 100', async () => {
    const { onSubmit } = renderForm({ initialData: { name: 'Pokus', science_field: [{ ...ONE_FIELD[0], percent: 90 }] } });
    submit();
    expect(await screen.findByText('Udjeli znanstvenih područja zajedno moraju biti 100%.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid payload', async () => {
    const { onSubmit } = renderForm({ initialData: { name: 'Pokus', science_field: ONE_FIELD } });
    fireEvent.change(screen.getByLabelText('Jezgre pokusa'), { target: { value: '8' } });
    submit();
    await screen.findByRole('button', { name: i18n.t('requestForm.submit') });
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pokus', resources_numbers: { HPCnSlotsCPU: 8 } }));
  });

  it('offers the staff-only type to staff only', () => {
    const options = (container: HTMLElement) => [...container.querySelectorAll('.resource-types .menu .item')].map((o) => o.textContent);
    const user = renderForm();
    expect(options(user.container)).toEqual(['CPU']);
    user.unmount();
    const staff = renderForm({ isStaff: true });
    expect(options(staff.container)).toEqual(['CPU', 'PENKALA']);
  });

  it('refuses the staff-only type for a user by the schema, in place, and sends it for staff', async () => {
    const data = { name: 'Pokus', science_field: ONE_FIELD, resources_type: [{ label: 'PENKALA', value: 'PENKALA' }] };
    const user = renderForm({ initialData: data });
    submit();
    expect(await within(user.container.querySelector('.resource-types') as HTMLElement).findByText('Samo osoblje može odabrati PENKALA')).toBeInTheDocument();
    expect(user.onSubmit).not.toHaveBeenCalled();
    user.unmount();

    const staff = renderForm({ isStaff: true, initialData: data });
    submit();
    await screen.findByRole('button', { name: i18n.t('requestForm.submit') });
    expect(staff.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ resources_type: [{ label: 'PENKALA', value: 'PENKALA' }] }));
  });

  it('draws another body schema by its short name: vocabulary choices by their labels in the interface language, and the given button text', async () => {
    const onSubmit = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <SchemaForm form="api/mail-preferences" submitText="Spremi" isStaff={false} initialData={{ language: 'hr', routine: 'immediate' }} onSubmit={onSubmit} />
        </ToastProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('group', { name: 'Jezik poruka e-pošte' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hrvatski')).toBeChecked();
    expect(screen.getByLabelText('Odmah, svaka u svojoj poruci')).toBeChecked();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('group', { name: 'Language of e-mails' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Once a week, all in one summary'));
    fireEvent.click(screen.getByRole('button', { name: 'Spremi' }));
    await screen.findByRole('button', { name: 'Spremi' });
    expect(onSubmit).toHaveBeenCalledWith({ language: 'hr', routine: 'weekly' });
  });
});
