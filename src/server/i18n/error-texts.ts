import type { ErrorKey } from '../errors';

/**
 * The Croatian text of every error of the catalogue (`ERRORS` in errors.ts holds the English one).
 * `Record<ErrorKey, …>` makes a key added to the catalogue without its Croatian text a type error.
 */
export const ERROR_TEXTS_HR: Record<ErrorKey, string> = {
  badRequest: 'Neispravan zahtjev',
  invalidOib: 'OIB ima točno 11 znamenki',
  malformedJson: 'Tijelo zahtjeva nije ispravan JSON',
  validationFailed: 'Zahtjev nije ispravan',
  notAuthenticated: 'Niste prijavljeni',
  loginFailed: 'Neispravno korisničko ime ili lozinka',
  apiKeyInvalid: 'Potreban je ispravan API ključ: Authorization: Api-Key <prefix.secret>',
  apiKeyScope: 'Ovaj API ključ ne smije obaviti ovaj poziv',
  unknownCluster: 'Nepostojeći resurs',
  usageRowInvalid: 'Zapis o potrošnji nije ispravan',
  csrfFailed: 'CSRF token nedostaje ili nije ispravan',
  forbidden: 'Nemate pravo na ovu radnju',
  crossSiteRefused: 'Ova se poveznica mora otvoriti iz samog portala; otvorite pozivnicu iz e-pošte u portalu',
  notFound: 'Nije pronađeno',
  federationUnavailable: 'Federacija identiteta trenutačno nije dostupna',
  methodNotAllowed: 'Metoda nije dopuštena',
  conflict: 'Sukob s postojećim podacima',
  payloadTooLarge: 'Tijelo zahtjeva je preveliko',
  uriTooLong: 'Dio adrese (URL) je predug',
  unsupportedMediaType: 'Nepodržana vrsta sadržaja; pošaljite application/json',
  tooManyLoginAttempts: 'Previše pokušaja prijave; pokušajte ponovno za nekoliko minuta',
  tooManyInvitations: 'Previše pozivnica poslano u posljednjih sat vremena',
  registryUnavailable: 'Sustav CroRIS trenutno nije dostupan',
  clientNotBuilt: 'Web-klijent još nije izgrađen; pokrenite `npm run build`',
  internal: 'Greška na poslužitelju',
};
