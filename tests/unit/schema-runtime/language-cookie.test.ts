import { languageCookieName } from '../../../src/schema-runtime/language-cookie';

describe('languageCookieName()', () => {
  it('names the cookie after the service, so portals sharing a domain keep their own language', () => {
    expect(languageCookieName('portal')).toBe('portal-lang');
    expect(languageCookieName('other')).not.toBe(languageCookieName('portal'));
  });
});
