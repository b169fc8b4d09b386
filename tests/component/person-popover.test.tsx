import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { PersonPopover, type PopoverPerson } from '../../src/client/engine/people/person-popover';
import { PersonLookupContext, type PersonLookupResult, type UsePersonLookup } from '../../src/client/engine/people/person-lookup';

const i18n = initI18n({ hr, en });

const names: PopoverPerson = { username: 'ana.anic@uni.hr', first_name: 'Ana', last_name: 'Anić', status: true };
const full: PopoverPerson = { ...names, person_mail: 'ana@fakultet.hr', person_institution: 'Sveučilište', person_affiliation: 'employee' };

function renderPopover(person: PopoverPerson, lookup: UsePersonLookup | null) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PersonLookupContext.Provider value={lookup}>
          <PersonPopover person={person} />
        </PersonLookupContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('PersonPopover', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('hr'));
  });

  it('given names only, asks the lookup by username when it opens, and shows what it finds', () => {
    const asked: string[] = [];
    let result: PersonLookupResult = { loading: true, failed: false };
    const lookup: UsePersonLookup = (username) => {
      asked.push(username);
      return result;
    };
    const view = renderPopover(names, lookup);
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ana Anić' }));
    expect(asked).toContain('ana.anic@uni.hr');
    expect(document.body.querySelector('.person-popover .loader')).not.toBeNull();
    result = { person: full, loading: false, failed: false };
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PersonLookupContext.Provider value={lookup}>
            <PersonPopover person={{ ...names }} />
          </PersonLookupContext.Provider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText('Sveučilište, employee')).toBeInTheDocument();
    expect(screen.getByText('ana@fakultet.hr')).toBeInTheDocument();
  });

  it('says so when the person cannot be loaded', () => {
    renderPopover(names, () => ({ loading: false, failed: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Ana Anić' }));
    expect(screen.getByText('Podatke o korisniku nije moguće učitati.')).toBeInTheDocument();
  });

  it('given the whole person, shows it without asking', () => {
    const lookup = jest.fn<PersonLookupResult, [string]>(() => ({ loading: true, failed: false }));
    renderPopover(full, lookup);
    fireEvent.click(screen.getByRole('button', { name: 'Ana Anić' }));
    expect(lookup).not.toHaveBeenCalled();
    expect(screen.getByText('Sveučilište, employee')).toBeInTheDocument();
  });
});
