import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { RuleEditorList } from '@generated';
import en from '../../src/client/i18n/en.json';
import hr from '../../src/client/i18n/hr.json';
import { initI18n } from '../../src/client/i18n/i18n';
import { RuleEditorsGroup, RuleEditorsSuperusers } from '../../src/client/features/rules/editors/rule-editors-sections';

/**
 * What staff read on /ui/rules/editors without the add form: the not-configured state (only
 * superusers edit, and which setting names a group), and the group's members as a staff member who
 * may not change them sees them. The superuser's form is tested in the browser (rule-editors.spec.ts).
 */
const i18n = initI18n({ hr, en });
const petra = { id: 2, username: 'admin', name: 'Petra Jurić', email: 'pjuric@srce.hr', isStaff: true };
const marko = { id: 1, username: 'staff', name: 'Marko Babić', email: 'mbabic@srce.hr', isStaff: true };
const ivan = { id: 3, username: 'collab', name: 'Ivan Kovačević', email: 'ikovacevic@pmf.hr', isStaff: false };

function renderSections(list: RuleEditorList) {
  return render(
    <I18nextProvider i18n={i18n}>
      <RuleEditorsSuperusers list={list} />
      <RuleEditorsGroup list={list} />
    </I18nextProvider>,
  );
}

describe('the rules editors page', () => {
  it('says in Croatian that only superusers edit and which setting names a group, when none is configured', async () => {
    await act(() => i18n.changeLanguage('hr'));
    renderSections({ group: null, mayManage: true, superusers: [petra], members: [] });
    expect(screen.getByText('Administratori uvijek uređuju pravila i biraju članove grupe. Broj administratora: 1.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Administratori' })).getByText('pjuric@srce.hr')).toBeInTheDocument();
    const unset = screen.getByTestId('rule-editors-unset');
    expect(unset).toHaveTextContent('Nijedna grupa ne uređuje pravila');
    expect(unset).toHaveTextContent('Postavka RULES_EDITOR_GROUP nije zadana, pa pravila uređuju samo administratori.');
    expect(screen.queryByLabelText('Korisničko ime djelatnika')).toBeNull();
  });

  it('says the same in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderSections({ group: null, mayManage: false, superusers: [petra], members: [] });
    expect(screen.getByTestId('rule-editors-unset')).toHaveTextContent('The setting RULES_EDITOR_GROUP is not set, so only superusers edit the rules.');
  });

  it('shows a staff member the group and its members, one no longer staff marked so, and no controls', async () => {
    await act(() => i18n.changeLanguage('hr'));
    renderSections({ group: 'rules-editors', mayManage: false, superusers: [petra], members: [marko, ivan] });
    expect(screen.getByTestId('rule-editors-group-name')).toHaveTextContent('rules-editors');
    expect(screen.getByTestId('rule-editors-count')).toHaveTextContent('Broj članova: 2');
    const members = screen.getByRole('table', { name: 'Grupa urednika pravila' });
    expect(within(members).getByText('Marko Babić')).toBeInTheDocument();
    expect(within(members).getByText('Ivan Kovačević (više nije osoblje, ne može uređivati)')).toBeInTheDocument();
    expect(screen.getByText('Članove grupe dodaju i uklanjaju samo administratori.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
