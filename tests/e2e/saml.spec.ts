import { expect, test, type Page, type Route } from '@playwright/test';
import { expectPath, screenshot, sessionIsActive, userLanding } from './helpers/portal';
import { federatedLogin, SAML_INVITE_KEY, SAML_INVITE_PROJECT } from './helpers/saml';
import { expectNoSeriousAxe } from './helpers/axe';

/** A page with a form that posts the captured ACS fields again. */
function repostForm(posted: string, action: string): string {
  const fields = [...new URLSearchParams(posted)]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`)
    .join('');
  return `<form method="post" action="${action}">${fields}<button>again</button></form>`;
}

async function session(page: Page) {
  return (await (await page.request.get('/api/v1/sessionactive')).json()) as {
    active: boolean;
    saml2_idp?: string | null;
    userdetails?: Record<string, unknown>;
  };
}

test.describe.configure({ mode: 'serial' });

test('a national demo user signs in through AAI@EduHR and lands by the post-login order', async ({ page }) => {
  await page.goto('/ui/login');
  const landing = await userLanding(page, true);
  await federatedLogin(page, 'national', /Ana Horvat \(demo: lead\)/, async (picker) => {
    // The stand-in's picker runs no inline script (the portal's CSP forbids them; the picker follows suit).
    expect(await picker.locator('script:not([src])').count()).toBe(0);
    await screenshot(picker, 'saml-stand-in-picker');
  });
  await expectPath(page, landing);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  const answer = await session(page);
  expect(answer.userdetails).toMatchObject({ username: 'lead', person_type: 'local' });
  expect(answer.saml2_idp).toMatch(/\/aai\/saml2\/idp\/$/);
});

test('staff signing in through AAI@EduHR land on the requests list', async ({ page }) => {
  await federatedLogin(page, 'national', /Marko Babić/);
  await expectPath(page, '/ui/requests');
});

test('a federation that encrypts its assertions: the stand-in encrypts for the published key and the sign-in completes', async ({ page }) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/saml2/acs/') posted.push(request.postData() ?? '');
  });
  await federatedLogin(page, 'national', /Marko Babić/, async (picker) => {
    await picker.getByLabel(/Encrypt the assertion/).check();
  });
  await expectPath(page, '/ui/requests');
  const xml = Buffer.from(new URLSearchParams(posted[0]).get('SAMLResponse') ?? '', 'base64').toString('utf8');
  expect(xml).toContain('EncryptedAssertion');
  expect(xml).toContain('xmlenc11#aes256-gcm');
  expect(xml).not.toMatch(/<saml:Assertion[\s>]/);
  expect((await session(page)).active).toBe(true);
});

test('an invitation opened before a first federated login is accepted after it, and the new user has the mapped attributes', async ({ page }) => {
  await page.goto(`/ui/login-email/${SAML_INVITE_KEY}`);
  await expectPath(page, '/ui/login');
  await federatedLogin(page, 'national', /Nina Novosel/);
  await expectPath(page, `/ui/login-email/${SAML_INVITE_KEY}`);
  await expect(page.getByTestId('invitation-details')).toContainText(SAML_INVITE_PROJECT);
  await page.getByTestId('invitation-accept').click();
  await expectPath(page, '/ui/memberships');
  await expect(page.getByTestId('memberships-table')).toContainText(SAML_INVITE_PROJECT);
  await page.goto('/ui/my-info');
  const info = page.locator('[data-page="my-info"]');
  for (const text of ['Nina', 'Novosel', 'nnovosel@ffzg.hr', 'Filozofski fakultet', 'Odsjek za psihologiju', 'student', 'Lokalni korisnik (AAI@EduHR)'])
    await expect(info).toContainText(text);
  expect((await session(page)).userdetails).toMatchObject({ username: 'nnovosel@ffzg.hr', person_oib: '71429538065', person_type: 'local' });
  await screenshot(page, 'saml-new-national-my-info');
});

test('an eduGAIN user is created as foreign and cannot submit requests', async ({ page }) => {
  await federatedLogin(page, 'edugain', /Erik Svensson/);
  // A user in no project has no usage to look at: they land on my requests and its first steps.
  await expectPath(page, '/ui/my-requests');
  const answer = await session(page);
  expect(answer.userdetails).toMatchObject({ username: 'erik.svensson@uni-example.se', person_type: 'foreign' });
  expect(answer.saml2_idp).toContain('edugainproxy');
  await page.goto('/ui/new-request');
  await expect(page.getByText('Strani istraživači za sada nemaju mogućnost podnošenja zahtjeva')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nastavi' })).toBeDisabled();
});

test.describe('failures land on their error page', () => {
  test('a name that collides with an existing user: the "multiple" page with the contact address', async ({ page }) => {
    await federatedLogin(page, 'edugain', /Jane Doe/);
    await expectPath(page, '/ui/saml2-error/edugainmultiple');
    await expect(page.locator('[data-page="saml2-error"]')).toContainText('computing@srce.hr');
    await expect(page.locator('[data-page="saml2-error"]')).toContainText('više korisnika s istim podacima');
    expect(await sessionIsActive(page)).toBe(false);
    await expectNoSeriousAxe(page, null);
    await screenshot(page, 'saml-error-multiple-hr');
  });

  test('a missing attribute: the page names exactly the missing attributes', async ({ page }) => {
    await federatedLogin(page, 'edugain', /Pierre Martin/);
    await expectPath(page, '/ui/saml2-error/edugainattrs');
    const card = page.locator('[data-page="saml2-error"]');
    await expect(card).toContainText('nije poslao sve obvezne atribute');
    await expect(card.getByRole('listitem')).toHaveText(['mail']);
    expect(await sessionIsActive(page)).toBe(false);
    await expectNoSeriousAxe(page, null);
    await screenshot(page, 'saml-error-attrs-hr');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'saml-error-attrs-hr-390');
  });

  test('a national identity through the eduGAIN proxy: eduGAIN is not allowed, with a link to the regular login', async ({ page }) => {
    await federatedLogin(page, 'edugain', /AAI@EduHR identity through the eduGAIN proxy/);
    await expectPath(page, '/ui/saml2-error/notallowed');
    const card = page.locator('[data-page="saml2-error"]');
    await expect(card).toContainText('Prijava putem eduGAIN-a s AAI@EduHR elektroničkim identitetom nije dopuštena');
    await expect(card.getByRole('link', { name: 'Na redovnu prijavu' })).toHaveAttribute('href', '/saml2/login');
    expect(await sessionIsActive(page)).toBe(false);
    await expectNoSeriousAxe(page, null);
  });

  test('a replayed response lands on the page that says the sign-in was already used, and signs nobody in', async ({ page, baseURL }) => {
    let posted = '';
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/saml2/acs/')) posted = request.postData() ?? '';
    });
    await federatedLogin(page, 'national', /Ivan Kovačević/);
    await expect(page.getByTestId('user-greeting')).toBeVisible();
    expect(posted).toContain('SAMLResponse=');
    await page.context().clearCookies();
    // The same signed response, posted again by the browser from another page.
    await page.goto('about:blank');
    await page.setContent(repostForm(posted, `${baseURL}/saml2/acs/`));
    await page.getByRole('button', { name: 'again' }).click();
    await expect(page).toHaveURL(/\/ui\/saml2-error\/expired\?federation=national$/);
    const card = page.locator('[data-page="saml2-error"]');
    await expect(card.getByRole('heading', { name: 'Prijava putem AAI@EduHR nije uspjela' })).toBeVisible();
    await expect(card).toContainText('Ova je prijava istekla ili je već iskorištena');
    await expect(card.getByRole('link', { name: 'Ponovna prijava putem AAI@EduHR' })).toHaveAttribute('href', '/saml2/login');
    expect(await sessionIsActive(page)).toBe(false);
    await expectNoSeriousAxe(page, null);
    await screenshot(page, 'saml-error-expired-hr');
  });

  test('a second browser posting the first browser’s response gets no session; the first browser still signs in with it', async ({ page, browser, baseURL }) => {
    // The first browser's post of the response is held while a second browser posts it first.
    let held: Route | undefined;
    const captured = new Promise<string>((resolve) => {
      void page.route('**/saml2/acs/', (route) => {
        held = route;
        resolve(route.request().postData() ?? '');
      });
    });
    await page.goto('/ui/login');
    await page.getByRole('link', { name: /AAI@EduHR/ }).click();
    await page.getByRole('button', { name: /Ivan Kovačević/ }).click();
    const posted = await captured;
    expect(posted).toContain('SAMLResponse=');

    const other = await browser.newContext({ baseURL });
    try {
      const second = await other.newPage();
      await second.goto('/ui/login');
      await second.setContent(repostForm(posted, `${baseURL}/saml2/acs/`));
      await second.getByRole('button', { name: 'again' }).click();
      await expect(second).toHaveURL(/\/ui\/saml2-error\/otherbrowser\?federation=national$/);
      const card = second.locator('[data-page="saml2-error"]');
      await expect(card).toContainText('nije stigao u preglednik u kojem je prijava započeta');
      await expect(card.getByRole('link', { name: 'Ponovna prijava putem AAI@EduHR' })).toBeVisible();
      expect(await sessionIsActive(second)).toBe(false);
      await expectNoSeriousAxe(second, null);
      await screenshot(second, 'saml-error-otherbrowser-hr');
    } finally {
      await other.close();
    }

    await held!.continue();
    await expect(page.getByTestId('user-greeting')).toBeVisible();
    expect((await session(page)).userdetails).toMatchObject({ username: 'collab' });
    await page.unroute('**/saml2/acs/');
  });
});

test('logout of a federated session goes through single logout and the session is gone', async ({ page }) => {
  await federatedLogin(page, 'national', /Ivan Kovačević/);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname);
  });
  await page.getByRole('button', { name: /Odjava|Log out/ }).click();
  await page.getByRole('button', { name: /^(Da|Yes)$/ }).click();
  await expectPath(page, '/ui/login');
  expect(visited).toEqual(expect.arrayContaining(['/saml2/logout', '/aai/slo', '/saml2/ls/']));
  expect(await sessionIsActive(page)).toBe(false);
  await page.goto('/ui/my-requests');
  await expectPath(page, '/ui/login');
});

test('the eduGAIN error pages in English, at desktop and phone width', async ({ page }) => {
  await page.goto('/ui/login');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.goto('/ui/saml2-error/edugainattrs?missing=mail,sn');
  const card = page.locator('[data-page="saml2-error"]');
  await expect(card).toContainText('did not release all required attributes');
  await expect(card.getByRole('listitem')).toHaveText(['mail', 'sn']);
  await expectNoSeriousAxe(page, null);
  await screenshot(page, 'saml-error-attrs-en');
  await page.goto('/ui/saml2-error/edugainmultiple');
  await expect(page.locator('[data-page="saml2-error"]')).toContainText('several users with the same details exist');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'saml-error-multiple-en-390');
  await page.goto('/ui/error?reason=saml');
  await expect(page.locator('[data-page="error"]')).toContainText('Signing in through the identity federation failed');
  await screenshot(page, 'saml-error-generic-en-390');
});
