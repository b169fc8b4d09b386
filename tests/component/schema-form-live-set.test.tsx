import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { loadSchemaFiles } from '../../src/schema-runtime/node';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { provideSchemaDocs, schemaDocs } from '../../src/client/shared/schema-docs';
import { ToastProvider } from '../../src/client/shared/toast/toast-provider';
import SchemaForm from '../../src/client/engine/schema-form/schema-form';
import { ONE_FIELD } from '../../harness/request-payloads';
import { SMALL_FORM, SMALL_TABLE } from './support/small-schemas';

const i18n = initI18n({ hr, en });
const shipped = schemaDocs();

/** The small form's set with its CPU maximum raised, as a set that went live on the server. */
function withCpuMaximum(maximum: number) {
  const form = structuredClone(SMALL_FORM);
  form.properties.resources_numbers.properties.HPCnSlotsCPU.maximum = maximum;
  return [...loadSchemaFiles(), form, SMALL_TABLE];
}

afterEach(() => act(() => provideSchemaDocs(shipped)));

describe('an open SchemaForm when another schema set goes live', () => {
  it('keeps what was typed and validates by the new maximum', async () => {
    await act(() => i18n.changeLanguage('hr'));
    const onSubmit = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <SchemaForm form="component-form.json" isStaff={false} initialData={{ science_field: ONE_FIELD }} onSubmit={onSubmit} />
        </ToastProvider>
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText(/Naziv pokusa/), { target: { value: 'Pokus' } });
    fireEvent.change(screen.getByLabelText('Jezgre pokusa'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('requestForm.submit') }));
    expect(await screen.findByText('Broj ne može biti veći od 8')).toBeInTheDocument();

    act(() => provideSchemaDocs(withCpuMaximum(10)));

    expect(screen.queryByText('Broj ne može biti veći od 8')).toBeNull();
    expect(screen.getByLabelText(/Naziv pokusa/)).toHaveValue('Pokus');
    expect(screen.getByLabelText('Jezgre pokusa')).toHaveValue(9);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('requestForm.submit') }));
    await screen.findByRole('button', { name: i18n.t('requestForm.submit') });
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pokus', resources_numbers: { HPCnSlotsCPU: 9 } }));

    fireEvent.change(screen.getByLabelText('Jezgre pokusa'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('requestForm.submit') }));
    expect(await screen.findByText('Broj ne može biti veći od 10')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
