import { LANDING_PAGE, portalPath } from '../../../src/server/sessions/redirect-target';

/**
 * The one gate for redirect targets taken from a request (login/'s `next`, RelayState): pages of
 * this portal pass, re-serialised; everything else, however encoded, falls back.
 */
describe('portalPath', () => {
  it.each([
    ['/ui/memberships', '/ui/memberships'],
    ['/ui/my-requests/NR-2026-01-001', '/ui/my-requests/NR-2026-01-001'],
    ['/ui/memberships?tab=2&sort=name', '/ui/memberships?tab=2&sort=name'],
    ['/ui/users/inactive/ana%40example.org', '/ui/users/inactive/ana%40example.org'],
    ['/ui/science-usage#2026', '/ui/science-usage#2026'],
    ['/ui/', '/ui/'],
  ])('keeps the portal page %j', (target, expected) => {
    expect(portalPath(target)).toBe(expected);
  });

  it.each([
    // Absolute and scheme-relative addresses.
    'https://evil.example/ui/x',
    'HTTPS://evil.example',
    'http:/evil.example/ui/',
    'http:evil.example',
    '//evil.example/ui/',
    '///evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Backslashes, which browsers read as slashes.
    '/\\evil.example',
    '\\\\evil.example',
    '/ui\\..\\api',
    '/ui/\\\\evil.example',
    // Encoded slashes and backslashes, once or twice.
    '%2F%2Fevil.example',
    '%2f%2fevil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/ui/%2F%2Fevil.example',
    '/ui/%5C%5Cevil.example',
    '/ui/%252F%252Fevil.example',
    '/ui/..%2Fapi',
    // White space and control characters, raw or encoded, inside or around.
    '/ui/\t/evil.example',
    '/\t/evil.example',
    '/ui/\n//evil.example',
    '/ui/\r\nSet-Cookie: x=1',
    '/ui/%0d%0aSet-Cookie:x=1',
    '/ui/%09/evil.example',
    '/ui/%00',
    ' /ui/memberships',
    '/ui/memberships ',
    '/ui/mem berships',
    // Dot segments, raw or encoded.
    '/ui/../api/v1/users',
    '/ui/./../api',
    '/ui/%2e%2e/api',
    '/ui/%2E%2E/api',
    '/ui/%252e%252e/api',
    '/ui/.',
    '/ui/..',
    // Not the client's pages.
    '/api/v1/sessionactive',
    '/saml2/logout',
    '/ui',
    '/UI/memberships',
    '/uix/memberships',
    'ui/memberships',
    '',
    // Malformed encoding, non-ASCII, markup.
    '/ui/%zz',
    '/ui/%',
    '/ui/stranica-č',
    '/ui/"><script>',
    `/ui/${'a'.repeat(3000)}`,
  ])('refuses %j', (target) => {
    expect(portalPath(target)).toBe(LANDING_PAGE);
  });

  it('refuses what is not a string, and falls back to the caller’s default', () => {
    for (const value of [undefined, null, 42, ['/ui/x'], { path: '/ui/x' }]) expect(portalPath(value)).toBe(LANDING_PAGE);
    expect(portalPath('//evil.example', '')).toBe('');
    expect(portalPath('/ui/memberships', '')).toBe('/ui/memberships');
  });
});
