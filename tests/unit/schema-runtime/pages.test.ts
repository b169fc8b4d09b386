import { isPublicPath, isSignedOut, loginDocument, paths, requestTypePage, UI_ROOT, type PageEntry } from '../../../src/schema-runtime/pages';

/** The page list the client's routes, the server's links and redirects and the build all read. */
const entries = Object.entries(paths as Record<string, PageEntry>);

describe('pages', () => {
  it('gives every page one route below /ui, and a link that starts with it', () => {
    const routes = entries.map(([, e]) => e.path);
    expect(new Set(routes).size).toBe(routes.length);
    for (const [name, entry] of entries) {
      const href = typeof entry.href === 'string' ? entry.href : entry.href('X', false);
      expect([name, href.startsWith(`${UI_ROOT}${entry.path.split('/:')[0]}`)]).toEqual([name, true]);
    }
  });

  it('encodes the values of a link, so an identifier with a slash or a space stays one segment', () => {
    expect(paths.requestDetail.href('NR/2026 1')).toBe('/ui/requests/NR%2F2026%201');
    expect(paths.myRequestDetail.href('a?b#c')).toBe('/ui/my-requests/a%3Fb%23c');
    expect(paths.loginEmail.href('k3y', false)).toBe('/ui/login-email/k3y');
    expect(paths.loginEmail.href('k3y', true)).toBe('/ui/login-email/k3y/en');
    expect(paths.loginEmailEnglish.href('k3y')).toBe('/ui/login-email/k3y/en');
    expect(paths.saml2Error.href()).toBe('/ui/saml2-error');
    expect(paths.saml2Error.href('expired')).toBe('/ui/saml2-error/expired');
  });

  it("makes a request type's page a staff page when the type is staff-only", () => {
    expect(requestTypePage({ value: 'thesis-project' })).toEqual({ path: 'new-request/thesis-project', access: 'user', href: '/ui/new-request/thesis-project' });
    expect(requestTypePage({ value: 'internal-project', staffOnly: true }).access).toBe('staff');
  });

  it('knows the pages shown signed out, and only those', () => {
    expect(isSignedOut('public')).toBe(true);
    expect(isSignedOut('session')).toBe(true);
    expect(isSignedOut('user')).toBe(false);
    for (const path of ['/ui/login', '/ui/login-priv', '/ui/login-email/abc/en', '/ui/saml2-error/expired', '/ui/error', '/ui/privacy/en', '/ui/accessibility'])
      expect([path, isPublicPath(path)]).toEqual([path, true]);
    for (const path of ['/ui/my-requests', '/ui/requests/NR-1', '/ui/users', '/ui/'])
      expect([path, isPublicPath(path)]).toEqual([path, false]);
  });

  it('names the login document by its page', () => {
    expect(loginDocument.page).toBe(paths.login);
    expect(loginDocument.html).toBe('login.html');
  });
});
