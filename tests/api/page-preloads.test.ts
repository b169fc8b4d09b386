import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../harness/test-app';
import { addUser } from '../support/fixtures';
import { languageCookieName } from '../../src/schema-runtime';
import { PAGE_FILES, type PageFiles } from '../../src/server/page-preloads';
import { loginDocument } from '../../src/schema-runtime/pages';
import { cookieNames } from '../../src/server/sessions/session-cookies';

const INDEX = '<!doctype html><html><head><title>portal</title><script defer src=/static/main.1.js></script></head><body><div id=root></div></body></html>';

/** A build's page files in miniature, in the route table's order (a literal before a param). */
const FILES: PageFiles = {
  pages: [
    { path: 'login', signedOut: true, files: ['page-login.1.js'] },
    { path: 'saml2-error/:errorType?', signedOut: true, files: ['page-saml2-error.1.js'] },
    { path: 'users/inactive', signedOut: false, files: ['grid.1.js', 'page-staff-users-inactive.1.js'] },
    { path: 'users/:userId', signedOut: false, files: ['page-staff-user-detail.1.js', 'page-staff-user-detail.1.css'] },
    { path: 'my-requests', signedOut: false, files: ['page-my-requests.1.css', 'page-my-requests.1.js'], calls: ['api/v1/internal/projects/role/lead', 'api/v1/internal/grants'] },
    { path: 'requests', signedOut: false, files: ['page-staff-requests.1.js'], calls: ['api/v1/internal/grid-page/requests?limit=0'] },
    { path: 'new-request/research-project/:projId', signedOut: false, files: ['page-research-request.1.js'] },
    { path: 'new-request/:requestType', signedOut: false, files: ['page-new-request-type.1.js'] },
    { path: 'rules/edit', signedOut: false, files: ['page-rules-edit.1.js'], texts: 'rules' },
  ],
  frame: ['app-frame.1.css', 'app-frame.1.js'],
  texts: {
    hr: { shell: ['i18n-hr.1.js'], pages: ['i18n-hr-pages.1.js'], rules: ['i18n-hr-rules.1.js'] },
    en: { shell: ['i18n-en.1.js'], pages: ['i18n-en-pages.1.js'], rules: ['i18n-en-rules.1.js'] },
  },
};

/** A built client in miniature: `files` by name, in a directory of its own, served by a test app. */
async function startClientApp(files: Record<string, string>): Promise<{ dir: string; t: TestApp; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  const t = await startTestApp({ seed: false, config: { clientDir: dir } });
  return {
    dir,
    t,
    close: async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The files the page's HTML names for preloading, in order, with what each is preloaded as. */
function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel=preload fetchpriority=low as=(\w+) href="\/static\/([^"]+)">/g)].map(([, as, file]) => `${as} ${file}`);
}

/** The API calls the page's HTML names for preloading, in order. */
function preloadedCalls(html: string): string[] {
  return [...html.matchAll(/<link rel=preload as=fetch crossorigin=anonymous href="\/([^"]+)">/g)].map(([, call]) => call.replace(/&amp;/g, '&'));
}

describe('preload hints in the page HTML', () => {
  let app: Awaited<ReturnType<typeof startClientApp>>;
  let t: TestApp;
  let langCookie: string;

  beforeAll(async () => {
    app = await startClientApp({ 'index.html': INDEX, [PAGE_FILES]: JSON.stringify(FILES) });
    t = app.t;
    await addUser(t.ctx, 'ana');
    langCookie = languageCookieName(t.ctx.schemas.service.serviceKey);
  });
  afterAll(() => app.close());

  const page = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('names a signed-in page’s texts, its own files and the frame, in the default language, before the head ends', async () => {
    const response = await page('/ui/my-requests');
    expect(preloaded(response.body)).toEqual([
      'script i18n-hr.1.js',
      'style page-my-requests.1.css',
      'script page-my-requests.1.js',
      'style app-frame.1.css',
      'script app-frame.1.js',
      'script i18n-hr-pages.1.js',
    ]);
    expect(response.body).toMatch(/<script defer src=\/static\/main\.1\.js><\/script><link rel=preload[^]*<\/head><body>/);
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('names the rules’ texts for a rules page only, after the pages’ texts, in its language', async () => {
    expect(preloaded((await page('/ui/rules/edit')).body)).toEqual([
      'script i18n-hr.1.js',
      'script page-rules-edit.1.js',
      'style app-frame.1.css',
      'script app-frame.1.js',
      'script i18n-hr-pages.1.js',
      'script i18n-hr-rules.1.js',
    ]);
    expect(preloaded((await page('/ui/rules/edit', `${langCookie}=en`)).body)).toContain('script i18n-en-rules.1.js');
    expect((await page('/ui/my-requests')).body).not.toContain('-rules.');
  });

  it('names a signed-in visitor’s first calls of the page, before its files; none for a visitor without a session', async () => {
    const { cookie } = await t.login('ana');
    const signedIn = (await page('/ui/my-requests', cookie)).body;
    expect(preloadedCalls(signedIn)).toEqual(['api/v1/internal/projects/role/lead', 'api/v1/internal/grants']);
    expect(signedIn.indexOf('as=fetch')).toBeLessThan(signedIn.indexOf('page-my-requests.1.js'));
    expect(preloadedCalls((await page('/ui/requests', cookie)).body)).toEqual(['api/v1/internal/grid-page/requests?limit=0']);
    // No session, or one that has ended: the calls would only be refused.
    expect(preloadedCalls((await page('/ui/my-requests')).body)).toEqual([]);
    expect(preloadedCalls((await page('/ui/my-requests', cookie.replace(/=[^;]+/g, '=ended'))).body)).toEqual([]);
    expect(preloadedCalls((await page('/ui/login', cookie)).body)).toEqual([]);
  });

  it('follows the language cookie, as the client does, and not Accept-Language', async () => {
    const english = await page('/ui/my-requests', `${langCookie}=en`);
    expect(preloaded(english.body)).toContain('script i18n-en.1.js');
    expect(preloaded(english.body)).toContain('script i18n-en-pages.1.js');
    expect(english.body).not.toContain('i18n-hr');
    const browserEnglish = await t.app.inject({ url: '/ui/my-requests', headers: { 'accept-language': 'en' } });
    expect(preloaded(browserEnglish.body)).toContain('script i18n-hr.1.js');
  });

  it('gives a signed-out page its shell texts and own files only', async () => {
    expect(preloaded((await page('/ui/login')).body)).toEqual(['script i18n-hr.1.js', 'script page-login.1.js']);
  });

  it('matches a page as the client router does: literals before params, optional params, a trailing slash', async () => {
    expect(preloaded((await page('/ui/users/inactive')).body)).toContain('script page-staff-users-inactive.1.js');
    const detail = preloaded((await page('/ui/users/ana.anic')).body);
    expect(detail).toContain('script page-staff-user-detail.1.js');
    expect(detail).not.toContain('script page-staff-users-inactive.1.js');
    expect(preloaded((await page('/ui/saml2-error')).body)).toContain('script page-saml2-error.1.js');
    expect(preloaded((await page('/ui/saml2-error/noAttributes')).body)).toContain('script page-saml2-error.1.js');
    expect(preloaded((await page('/ui/my-requests/?tab=1')).body)).toContain('script page-my-requests.1.js');
    // A request type's page, whatever types the live schema set has; not the research project's page.
    expect(preloaded((await page('/ui/new-request/practical-class')).body)).toContain('script page-new-request-type.1.js');
    const research = preloaded((await page('/ui/new-request/research-project/12')).body);
    expect(research).toContain('script page-research-request.1.js');
    expect(research).not.toContain('script page-new-request-type.1.js');
  });

  it('leaves the HTML as built for an address no page answers', async () => {
    for (const url of ['/ui/nowhere', '/ui/users/ana/more', '/ui', '/ui/users/%3Cscript%3E/x']) {
      expect((await page(url)).body).toBe(INDEX);
    }
  });
});

describe('a page-files.json that cannot be read', () => {
  let app: Awaited<ReturnType<typeof startClientApp>>;

  beforeAll(async () => {
    app = await startClientApp({ 'index.html': INDEX });
  });
  afterAll(() => app.close());

  it.each([
    ['cut short', JSON.stringify(FILES).slice(0, 40)],
    ['of another shape', JSON.stringify({ pages: 'login' })],
    ['null', 'null'],
  ])('(%s) costs the pages their hints, not their HTML', async (_case, content) => {
    fs.writeFileSync(path.join(app.dir, PAGE_FILES), content);
    for (const url of ['/ui/login', '/ui/my-requests']) {
      const response = await app.t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    }
  });
});

describe('the login document', () => {
  const LOGIN = '<!doctype html><html><head><title>portal</title><script defer src=/static/login.1.js></script></head><body><div id=root></div></body></html>';
  let app: Awaited<ReturnType<typeof startClientApp>>;
  let t: TestApp;

  beforeAll(async () => {
    app = await startClientApp({ 'index.html': INDEX, [loginDocument.html]: LOGIN, [PAGE_FILES]: JSON.stringify(FILES) });
    t = app.t;
    await addUser(t.ctx, 'ana');
  });
  afterAll(() => app.close());

  const body = async (url: string, cookie?: string) => {
    const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('is the login page for a visitor without a session, with the shell texts of their language as its only hints', async () => {
    for (const url of ['/ui/login', '/ui/login/', '/ui/login?next=1']) {
      const html = await body(url);
      expect(html).toContain('/static/login.1.js');
      expect(html).not.toContain('main.1.js');
      expect(preloaded(html)).toEqual(['script i18n-hr.1.js']);
    }
    const english = await body('/ui/login', `${languageCookieName(t.ctx.schemas.service.serviceKey)}=en`);
    expect(preloaded(english)).toEqual(['script i18n-en.1.js']);
    // A session that has ended is none.
    expect(await body('/ui/login', `${cookieNames(t.ctx).session}=ended`)).toContain('/static/login.1.js');
  });

  it('is not sent to a signed-in visitor, whom the app lands, nor for any other page', async () => {
    const { cookie } = await t.login('ana');
    const signedIn = await body('/ui/login', cookie);
    expect(signedIn).toContain('main.1.js');
    expect(preloaded(signedIn)).toContain('script page-login.1.js');
    for (const url of ['/ui/login-priv', '/ui/saml2-error', '/ui/my-requests', '/ui/loginx']) expect(await body(url)).not.toContain('login.1.js');
  });
});
