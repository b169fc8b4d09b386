import { draftProblem } from '../../../src/server/schema-live/problem-texts';

const at = (reason: string) => draftProblem({ file: 'f.json', pointer: '/p', reason });

// The set check's reasons of what staff add in the editor, as the editor shows them in Croatian.
describe('the Croatian texts of a new domain’s, field’s, column’s and resource type’s problems', () => {
  it('names the missing stored value, name and fields of a domain or field', () => {
    expect(at('a domain needs a stored value (it is empty)').hr).toBe('Područje treba pohranjenu vrijednost (sada je prazna)');
    expect(at('a field needs a stored value (it is empty)').hr).toBe('Polje treba pohranjenu vrijednost (sada je prazna)');
    expect(at('two fields have the stored value "Matematika"').hr).toBe('Dva polja imaju pohranjenu vrijednost "Matematika"');
    expect(at('a domain needs a name in en').hr).toBe('Područje treba naziv na engleskom');
    expect(at('a domain needs at least one field').hr).toBe('Područje treba barem jedno polje');
  });

  it('names a new column’s missing value, a value the rows lack, a value shown twice and a missing header', () => {
    expect(at('a column needs the value it shows (its field is empty)').hr).toBe('Stupac treba vrijednost koju prikazuje (polje je prazno)');
    expect(at('the rows of this grid carry no value "budget"').hr).toBe('Retci ove tablice nemaju vrijednost "budget"');
    expect(at('two columns show "name"').hr).toBe('Dva stupca prikazuju "name"');
    expect(at('a column without a header key needs a header in hr')).toMatchObject({ hr: 'Stupac bez ključa naslova treba naslov na hrvatskom', field: '/p' });
  });

  it('names a new resource type’s missing, malformed or taken tag, a name in one language and a flag that is not true or false', () => {
    expect(at('a resource type needs a tag (it is empty)').hr).toBe('Vrsta resursa treba oznaku (sada je prazna)');
    expect(at('the tag "gpu big" is not capital letters, digits and hyphens of at most 40 characters').hr).toBe(
      'Oznaka "gpu big" nije sastavljena od velikih slova, znamenki i crtica, najviše 40 znakova',
    );
    expect(at('two resource types have the tag "CPU"').hr).toBe('Dvije vrste resursa imaju oznaku "CPU"');
    expect(at('a named resource type needs its name in en too').hr).toBe('Vrsta resursa s nazivom treba naziv i na engleskom');
    expect(at('staffOnly must be true or false (it is "yes")').hr).toBe('staffOnly mora biti true ili false (sada je "yes")');
  });
});
