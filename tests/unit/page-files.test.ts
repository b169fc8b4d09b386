import fs from 'node:fs';
import path from 'node:path';
import { pageFiles, routeChunks, routePages } from '../../scripts/lib/page-files';
import { paths } from '../../src/schema-runtime/pages';
import { FIRST_CALLS } from '../../src/client/api/first-calls';

const routesSource = fs.readFileSync(path.resolve(__dirname, '../../src/client/app/routes.tsx'), 'utf8');

describe('the page files the build writes for the server’s preload hints', () => {
  it('reads every page of paths.ts from the route table, with the chunk its load() names', () => {
    const found = routeChunks(routesSource);
    expect(found.map((entry) => entry.key).sort()).toEqual([...Object.keys(paths), 'requestTypePage()'].sort());
    expect(found).toContainEqual({ key: 'requests', chunk: 'page-staff-requests' });
    expect(found).toContainEqual({ key: 'extendRequest', chunk: 'page-my-requests' });
    expect(found).toContainEqual({ key: 'login', chunk: 'page-login' });
  });

  it('refuses a route table entry whose load names no chunk', () => {
    const source = "const pages = [{ ...at(paths.login), load: () => import('../features/auth/login-page') }];";
    expect(() => routeChunks(source)).toThrow(/paths\.login has no load\(\) with a webpackChunkName/);
  });

  it('says which pages wait for the rules’ texts: the rules pages, as the route table names them', () => {
    const pages = routePages(path.resolve(__dirname, '../..'));
    expect(pages.filter((page) => page.texts === 'rules').map((page) => page.path).sort()).toEqual(['rules', 'rules/edit', 'rules/editors', 'rules/qa']);
    expect(() => routeChunks("const pages = [{ ...at(paths.rules), load: () => import(/* webpackChunkName: \"page-rules\" */ '../x'), texts: 'other' }];")).toThrow(/texts: 'other' is not a part/);
  });

  it('says which pages are shown signed out, as paths.ts does', () => {
    const pages = routePages(path.resolve(__dirname, '../..'));
    expect(pages.filter((page) => page.signedOut).map((page) => page.chunk)).toEqual(expect.arrayContaining(['page-login', 'page-invitation', 'page-saml2-login-redirect']));
    expect(pages.find((page) => page.chunk === 'page-staff-requests')).toMatchObject({ path: 'requests', chunk: 'page-staff-requests', signedOut: false });
  });

  it('gives each page the calls it makes first, and only pages of paths.ts have any', () => {
    const pages = routePages(path.resolve(__dirname, '../..'));
    expect(pages.find((page) => page.path === 'requests')?.calls).toEqual(['api/v1/internal/grid-page/requests?limit=0']);
    expect(pages.find((page) => page.path === 'my-requests')?.calls).toEqual(['api/v1/internal/projects/role/lead', 'api/v1/internal/projects-readiness/', 'api/v1/internal/grants']);
    expect(pages.find((page) => page.path === 'login')?.calls).toEqual([]);
    expect(Object.keys(FIRST_CALLS).filter((key) => !(key in paths))).toEqual([]);
    // Exactly the routes that prefetch have first calls: a call named in the HTML that no prefetch makes would be fetched for nothing.
    const prefetching = routesSource
      .split('...at(paths.')
      .slice(1)
      .filter((entry) => /^\w+\)[^]*?prefetch:/.test(entry.split('...at(')[0]))
      .map((entry) => entry.slice(0, entry.indexOf(')')));
    expect(prefetching.sort()).toEqual(Object.keys(FIRST_CALLS).sort());
  });

  it('gives the request types’ pages, made per type of the live schema set, one route with the type as its param', () => {
    const pages = routePages(path.resolve(__dirname, '../..'));
    expect(pages.filter((page) => page.chunk === 'page-new-request-type')).toEqual([{ path: 'new-request/:requestType', chunk: 'page-new-request-type', access: 'user', signedOut: false, calls: [] }]);
  });

  const pages = [
    { path: 'login', chunk: 'page-login', signedOut: true, calls: [] },
    { path: 'my-requests', chunk: 'page-my-requests', signedOut: false, calls: ['api/v1/internal/projects/role/lead'] },
    { path: 'rules/edit', chunk: 'page-rules-edit', signedOut: false, calls: [], texts: 'rules' as const },
  ];
  const group = (...names: string[]) => ({ assets: names.map((name) => ({ name })) });

  it('gives each page its group’s scripts and styles, and the frame and the texts per language', () => {
    const stats = {
      namedChunkGroups: {
        main: group('main.1.js'),
        'page-login': group('page-login.1.js', 'page-login.1.js.map'),
        'page-my-requests': group('12.1.js', 'page-my-requests.1.css', 'page-my-requests.1.js'),
        'app-frame': group('app-frame.1.js'),
        'i18n-hr': group('i18n-hr.1.js'),
        'i18n-hr-pages': group('i18n-hr-pages.1.js'),
        'i18n-en': group('i18n-en.1.js'),
        'i18n-en-pages': group('i18n-en-pages.1.js'),
        'i18n-hr-rules': group('i18n-hr-rules.1.js'),
        'i18n-en-rules': group('i18n-en-rules.1.js'),
        'page-rules-edit': group('page-rules-edit.1.js'),
      },
    };
    expect(pageFiles(stats, pages)).toEqual({
      pages: [
        { path: 'login', signedOut: true, files: ['page-login.1.js'], calls: [] },
        { path: 'my-requests', signedOut: false, files: ['12.1.js', 'page-my-requests.1.css', 'page-my-requests.1.js'], calls: ['api/v1/internal/projects/role/lead'] },
        { path: 'rules/edit', signedOut: false, files: ['page-rules-edit.1.js'], calls: [], texts: 'rules' },
      ],
      frame: ['app-frame.1.js'],
      texts: {
        hr: { shell: ['i18n-hr.1.js'], pages: ['i18n-hr-pages.1.js'], rules: ['i18n-hr-rules.1.js'] },
        en: { shell: ['i18n-en.1.js'], pages: ['i18n-en-pages.1.js'], rules: ['i18n-en-rules.1.js'] },
      },
    });
  });

  it('fails the build when the route table names a chunk the build does not have', () => {
    const stats = { namedChunkGroups: { 'page-login': group('page-login.1.js'), 'app-frame': group('app-frame.1.js') } };
    expect(() => pageFiles(stats, pages)).toThrow(/no chunk group "page-my-requests"/);
  });
});
