/**
 * A refused set's problems as the rules editor shows them: the English reason the checks write, the
 * same in Croatian, and the pointer of the field it concerns (a contradicting bound is shown at the
 * upper bound, the value staff just changed).
 */
import type { SchemaProblem } from '@/schema-runtime';

/** One problem of a draft, in both languages, with the field it concerns. */
export interface DraftProblem extends SchemaProblem {
  en: string;
  hr: string;
  /** The JSON pointer (in `file`) of the value to correct. */
  field: string;
}

/** The Croatian words of the bound keywords the checks name: nominative, genitive, feminine. */
const BOUND_WORDS: Record<string, [nominative: string, genitive: string, feminine: boolean]> = {
  minimum: ['najmanja vrijednost', 'najmanje vrijednosti', true],
  maximum: ['najveća vrijednost', 'najveće vrijednosti', true],
  exclusiveMinimum: ['isključena donja granica', 'isključene donje granice', true],
  exclusiveMaximum: ['isključena gornja granica', 'isključene gornje granice', true],
  minLength: ['najmanja duljina', 'najmanje duljine', true],
  maxLength: ['najveća duljina', 'najveće duljine', true],
  minItems: ['najmanji broj stavki', 'najmanjeg broja stavki', false],
  maxItems: ['najveći broj stavki', 'najvećeg broja stavki', false],
  minProperties: ['najmanji broj svojstava', 'najmanjeg broja svojstava', false],
  maxProperties: ['najveći broj svojstava', 'najvećeg broja svojstava', false],
};

/** "najveća vrijednost 0 manja je od najmanje vrijednosti 1" / "… ista je kao najmanja vrijednost 1". */
function boundsText(high: string, highValue: string, below: boolean, low: string, lowValue: string): string {
  const [highWord, , feminine] = BOUND_WORDS[high] ?? [high, high, true];
  const [lowWord, lowGenitive] = BOUND_WORDS[low] ?? [low, low, true];
  const relation = below ? `${feminine ? 'manja' : 'manji'} je od ${lowGenitive}` : `${feminine ? 'ista' : 'isti'} je kao ${lowWord}`;
  return `${highWord} ${highValue} ${relation} ${lowValue}, pa nijedna vrijednost ne može proći`;
}

/** The languages as the Croatian texts name them ("naziv na hrvatskom"). */
const LANGUAGE_HR: Record<string, string> = { hr: 'hrvatskom', en: 'engleskom' };
/** A science domain and field in Croatian: one, and after "Dva". */
const CHOICE_HR: Record<string, { one: string; two: string }> = { domain: { one: 'Područje', two: 'područja' }, field: { one: 'Polje', two: 'polja' } };

interface Rule {
  pattern: RegExp;
  hr: (m: RegExpMatchArray) => string;
  field?: (m: RegExpMatchArray, pointer: string) => string;
}

const prefix = (name: string | undefined) => (name ? `${name}: ` : '');

const RULES: Rule[] = [
  {
    pattern: /^(?:(\S+): )?(\w+) (\S+) is (below|equal to) (\w+) (\S+), so no value can pass$/,
    hr: (m) => `${prefix(m[1])}${boundsText(m[2], m[3], m[4] === 'below', m[5], m[6])}`,
    field: (m, pointer) => `${pointer}/${m[2]}`,
  },
  {
    pattern: /^(?:(\S+): )?formatMaximum (\S+) is before formatMinimum (\S+), so no value can pass$/,
    hr: (m) => `${prefix(m[1])}najkasniji datum ${m[2]} prije je najranijeg ${m[3]}, pa nijedna vrijednost ne može proći`,
    field: (_m, pointer) => `${pointer}/formatMaximum`,
  },
  { pattern: /^\$ref (.+) points to (\S+), which is not in the schema set$/, hr: (m) => `Poveznica $ref ${m[1]} upućuje na datoteku ${m[2]}, koje nema u skupu pravila` },
  { pattern: /^\$ref (.+) names #(\S+), which no schema in (\S+) declares$/, hr: (m) => `Poveznica $ref ${m[1]} imenuje #${m[2]}, a nijedna shema u ${m[3]} to ime ne deklarira` },
  { pattern: /^\$ref (.+) points to (\S+) in (\S+), which does not exist$/, hr: (m) => `Poveznica $ref ${m[1]} upućuje na ${m[2]} u ${m[3]}, a toga nema` },
  { pattern: /^\$ref (.+) (is not a valid reference|has a malformed fragment)$/, hr: (m) => `Poveznica $ref ${m[1]} nije ispravna` },
  {
    pattern: /^(.*), but the running code reads it: this change needs a new release \(npm run codegen and a deploy\)$/,
    hr: () => 'Ovaj dio čita programski kod portala koji sada radi: za takvu promjenu potrebno je novo izdanje (npm run codegen i postavljanje)',
  },
  { pattern: /^the file is gone, but /, hr: () => 'Datoteka je uklonjena, a čita je programski kod portala: za to je potrebno novo izdanje' },
  { pattern: /^unknown keyword "([^"]*)"/, hr: (m) => `Nepoznata ključna riječ „${m[1]}” (pogreška u pisanju?)` },
  { pattern: /^the page size (\S+) is not one of the grid's page sizes (.*)$/, hr: (m) => `Veličina stranice ${m[1]} nije među veličinama stranice ove tablice (${m[2]})` },
  { pattern: /^the default sort names (\S+), which is no shown sortable column$/, hr: (m) => `Zadano razvrstavanje navodi stupac ${m[1]}, koji nije prikazan ili se po njemu ne razvrstava` },
  { pattern: /^the default sort's direction must be asc or desc \(it is (.*)\)$/, hr: (m) => `Smjer zadanog razvrstavanja mora biti asc ili desc (sada je ${m[1]})` },
  { pattern: /^header must be an object of texts by language \(it is (.*)\)$/, hr: (m) => `Naslov stupca mora biti objekt s tekstom po jeziku (sada je ${m[1]})` },
  { pattern: /^a header text must be hr or en, a text of at most (\d+) characters \(it is (.*)\)$/, hr: (m) => `Naslov stupca mora biti hrvatski ili engleski tekst od najviše ${m[1]} znakova (sada je ${m[2]})` },
  { pattern: /^a column needs the value it shows \(its field is empty\)$/, hr: () => 'Stupac treba vrijednost koju prikazuje (polje je prazno)' },
  { pattern: /^two columns show (.*)$/, hr: (m) => `Dva stupca prikazuju ${m[1]}` },
  { pattern: /^the rows of this grid carry no value (.*)$/, hr: (m) => `Retci ove tablice nemaju vrijednost ${m[1]}` },
  { pattern: /^a column without a header key needs a header in (hr|en)$/, hr: (m) => `Stupac bez ključa naslova treba naslov na ${LANGUAGE_HR[m[1]]}` },
  { pattern: /^a (domain|field) needs a stored value \(it is empty\)$/, hr: (m) => `${CHOICE_HR[m[1]].one} treba pohranjenu vrijednost (sada je prazna)` },
  { pattern: /^two (domain|field)s have the stored value (.*)$/, hr: (m) => `Dva ${CHOICE_HR[m[1]].two} imaju pohranjenu vrijednost ${m[2]}` },
  { pattern: /^a (domain|field) needs a name in (hr|en)$/, hr: (m) => `${CHOICE_HR[m[1]].one} treba naziv na ${LANGUAGE_HR[m[2]]}` },
  { pattern: /^a domain needs at least one field$/, hr: () => 'Područje treba barem jedno polje' },
  { pattern: /^a resource type needs a tag \(it is empty\)$/, hr: () => 'Vrsta resursa treba oznaku (sada je prazna)' },
  {
    pattern: /^the tag (.*) is not capital letters, digits and hyphens of at most (\d+) characters$/,
    hr: (m) => `Oznaka ${m[1]} nije sastavljena od velikih slova, znamenki i crtica, najviše ${m[2]} znakova`,
  },
  { pattern: /^two resource types have the tag (.*)$/, hr: (m) => `Dvije vrste resursa imaju oznaku ${m[1]}` },
  { pattern: /^a named resource type needs its name in (hr|en) too$/, hr: (m) => `Vrsta resursa s nazivom treba naziv i na ${LANGUAGE_HR[m[1]]}` },
  { pattern: /^(\S+) must be (.+) \(it is (.*)\)$/, hr: (m) => `${m[1]} mora biti ${m[2].replace(/ or /g, ' ili ')} (sada je ${m[3]})` },
  { pattern: /^declared valid for the role (\S+), but (\S+) refuses it at (\S+): (.*)$/, hr: (m) => `Primjer je označen kao ispravan za ulogu ${m[1]}, ali ga ${m[2]} odbija na ${m[3]}: ${m[4]}` },
  { pattern: /^declared invalid for the role (\S+), but (\S+) accepts it$/, hr: (m) => `Primjer je označen kao neispravan za ulogu ${m[1]}, ali ga ${m[2]} prihvaća` },
  { pattern: /^two documents share the \$id (\S+)$/, hr: (m) => `Dva dokumenta imaju isti $id ${m[1]}` },
  { pattern: /^(\w+) names cookies and schemas of running sessions: changing it (.*) needs a restart$/, hr: (m) => `${m[1]} imenuje kolačiće i sheme otvorenih sesija: promjena ${m[2]} zahtijeva ponovno pokretanje` },
  { pattern: /^does not compile: (.*)$/, hr: (m) => `Shema se ne može prevesti: ${m[1]}` },
  { pattern: /^is not valid JSON: (.*)$/, hr: (m) => `Nije ispravan JSON: ${m[1]}` },
];

/** The problem in both languages and the field it concerns. */
export function draftProblem(problem: SchemaProblem): DraftProblem {
  for (const rule of RULES) {
    const m = problem.reason.match(rule.pattern);
    if (m) return { ...problem, en: problem.reason, hr: rule.hr(m), field: rule.field ? rule.field(m, problem.pointer) : problem.pointer };
  }
  return { ...problem, en: problem.reason, hr: `Provjera skupa pravila odbija ovo: ${problem.reason}`, field: problem.pointer };
}
