import type { PrivacyNotice } from '../../../generated';
import { LANGUAGE_COOKIE_SECONDS } from '../../../src/client/i18n/language-cookie';
import { readConsts, retentionRules } from '../../../src/schema-runtime';
import { loadSchemaSet } from '../../../src/schema-runtime/node';
import { KNOWN_BROWSER_DAYS } from '../../../src/server/sessions/login';
import { LOGOUT_COOKIE_SECONDS } from '../../../src/server/plugins/saml-cookies';
import { REQUEST_TTL_MS } from '../../../src/server/saml/request-store';

const schemas = loadSchemaSet();
const notice = readConsts<PrivacyNotice>(schemas.schema('rules/privacy'));

/** A lifetime as the notice words it, in seconds; undefined for a text that states no period. */
function secondsIn(text: string): number | undefined {
  const words: Record<string, number> = { jedna: 1, one: 1 };
  const match = /^(\d+|jedna|one) (minuta|minutes|dana|days|godina|years?)$/i.exec(text.trim());
  if (!match) return undefined;
  const count = words[match[1].toLowerCase()] ?? Number(match[1]);
  const unit = match[2].toLowerCase();
  return count * (unit.startsWith('minut') ? 60 : unit.startsWith('da') ? 86_400 : 365 * 86_400);
}

/**
 * What the privacy notice says equals what the code does: each category's period is a retention
 * rule the job applies or says in words how long it is kept, and each cookie's lifetime is the one
 * the code sets it with.
 */
describe('the privacy notice', () => {
  it('gives every category of data a retention rule the job applies, or a kept text in both languages, not both', () => {
    const known = new Set<string>(retentionRules(schemas).map((r) => r.value));
    const wrong = notice.categories.filter((c) => (c.retention ? !known.has(c.retention) || c.kept !== undefined : !c.kept?.hr.trim() || !c.kept?.en.trim()));
    expect(wrong.map((c) => c.category.en)).toEqual([]);
    expect(notice.categories.some((c) => c.retention)).toBe(true);
  });

  it('states for each cookie the lifetime the code gives it', () => {
    const key = schemas.service.serviceKey;
    const expected: Record<string, number | undefined> = {
      // Until sign-out or the end of the session; until the browser is closed.
      [`${key}_session`]: undefined,
      [`${key}_csrftoken`]: undefined,
      [`${key}-lang`]: LANGUAGE_COOKIE_SECONDS,
      [`${key}_known_browser`]: KNOWN_BROWSER_DAYS * 86_400,
      [`${key}_saml_request`]: REQUEST_TTL_MS / 1000,
      [`${key}_saml_logout`]: LOGOUT_COOKIE_SECONDS,
    };
    const stated = Object.fromEntries(notice.cookies.map((c) => [c.name.split('{serviceKey}').join(key), c.lifetime]));
    expect(Object.keys(stated).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, seconds] of Object.entries(expected)) {
      expect({ name, hr: secondsIn(stated[name].hr), en: secondsIn(stated[name].en) }).toEqual({ name, hr: seconds, en: seconds });
    }
  });

  it('reads a period in either language', () => {
    expect(secondsIn('180 dana')).toBe(180 * 86_400);
    expect(secondsIn('One year')).toBe(365 * 86_400);
    expect(secondsIn('Do zatvaranja preglednika')).toBeUndefined();
  });
});
