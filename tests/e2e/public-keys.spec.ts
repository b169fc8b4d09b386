import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe } from './helpers/axe';
import { expectPath, expectToast, loginAs, screenshot } from './helpers/portal';

/** A fresh key pair made by ssh-keygen, and the fingerprints ssh-keygen itself reports (SHA256 by default, and MD5). */
interface KeyPair {
  publicKey: string;
  privateKey: string;
  publicFile: string;
  fingerprint: string;
  md5: string;
}

let dir = '';
// Names unique per run, so a reused server (E2E_REUSE_SERVER) does not clash with an earlier run.
const run = Date.now().toString(36);
const ED_NAME = `e2e ed25519 ${run}`;
const RSA_NAME = `e2e rsa ${run}`;

function keyPair(type: 'ed25519' | 'rsa', comment: string, bits = 3072): KeyPair {
  const file = path.join(dir, `id_${type}_${bits}`);
  execFileSync('ssh-keygen', ['-q', '-t', type, ...(type === 'rsa' ? ['-b', String(bits)] : []), '-N', '', '-C', comment, '-f', file]);
  const listed = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', `${file}.pub`], { encoding: 'utf8' });
  const md5 = /(MD5:[0-9a-f:]{47})/.exec(listed)?.[1];
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1];
  if (!md5 || !fingerprint?.startsWith('SHA256:')) throw new Error(`no fingerprint in ${listed}`);
  return { publicKey: readFileSync(`${file}.pub`, 'utf8').trim(), privateKey: readFileSync(file, 'utf8'), publicFile: `${file}.pub`, fingerprint, md5 };
}

async function fillAndAdd(page: Page, name: string, key?: string): Promise<void> {
  await page.getByLabel('Naziv ključa').fill(name);
  if (key !== undefined) await page.getByLabel('Javni ključ').fill(key);
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
}

const row = (page: Page, name: string) => page.locator(`tr[data-key-name="${name}"]`);

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-keys-'));
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('the keys list shows name, fingerprint and type, padded to five rows, and expands a key', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys');
  await expect(row(page, 'laptop')).toContainText('ssh-ed25519');
  await expect(row(page, 'radna stanica')).toContainText('ssh-rsa');
  // Two keys, padded to five rows.
  await expect(page.locator('.keys-table tbody tr')).toHaveCount(5);
  await expect(page.getByText('Javne ključeve možete dodavati')).toHaveCount(0);
  await row(page, 'laptop').getByRole('button', { name: 'Prikaži ključ' }).click();
  await expect(page.getByRole('textbox', { name: 'Javni ključ' })).toHaveValue(/^ssh-ed25519 AAAA/);
  await screenshot(page, 'public-keys-list');
});

test('a real Ed25519 key is added and shows the fingerprint ssh-keygen reports', async ({ page }) => {
  const pair = keyPair('ed25519', 'ana@e2e');
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys');
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await expectPath(page, '/ui/public-keys/new');
  await expect(page.getByRole('heading', { name: 'Novi javni ključ' })).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await expect(page.getByText('Obvezno')).toHaveCount(2);
  await screenshot(page, 'public-keys-new-required');
  await fillAndAdd(page, ED_NAME, pair.publicKey);
  await expectToast(page, 'success', 'Javni ključ uspješno dodan');
  await expectPath(page, '/ui/public-keys');
  await expect(row(page, ED_NAME).getByTestId('key-fingerprint-text')).toHaveText(pair.fingerprint);
  // MD5 on request.
  await row(page, ED_NAME).getByRole('button', { name: 'Prikaži otisak MD5' }).click();
  await expect(row(page, ED_NAME).getByTestId('key-fingerprint-text')).toHaveText(pair.md5);

  // The same key again, under another name, is refused.
  await page.goto('/ui/public-keys/new');
  await fillAndAdd(page, 'e2e duplicate', pair.publicKey);
  await expectToast(page, 'error', /^Javni ključ nije bilo moguće dodati: .*već dodan pod imenom/);
  await expectPath(page, '/ui/public-keys/new');

  // A private key is refused at once in the form, without a dialog and without being sent.
  const sentKeys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/keys/')) sentKeys.push(request.postData() ?? '');
  });
  await page.getByLabel('Javni ključ').fill(pair.privateKey);
  await expect(page.getByText('Ovo je privatni ključ: ne šaljite ga nikome.')).toBeVisible();
  await expect(page.getByLabel('Javni ključ')).toHaveValue('');
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await expect(page.getByRole('button', { name: 'Da', exact: true })).toHaveCount(0);
  expect(sentKeys.filter((body) => body.includes('PRIVATE KEY'))).toEqual([]);
  // A key broken over two lines is refused by the server.
  const [type, body] = pair.publicKey.split(' ');
  await page.getByLabel('Javni ključ').fill(`${type} ${body.slice(0, 30)}\n${body.slice(30)}`);
  await page.getByRole('button', { name: 'Dodaj javni ključ' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'error', /^Javni ključ nije bilo moguće dodati: .*jednom retku/);
  await screenshot(page, 'public-keys-refused');
});

test('an RSA key is loaded from a file', async ({ page }) => {
  const pair = keyPair('rsa', 'ana@rsa-e2e');
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys/new');
  await page.getByTestId('key-file').setInputFiles(pair.publicFile);
  await expect(page.getByLabel('Javni ključ')).toHaveValue(pair.publicKey + '\n');
  await fillAndAdd(page, RSA_NAME);
  await expectToast(page, 'success', 'Javni ključ uspješno dodan');
  await expectPath(page, '/ui/public-keys');
  await expect(row(page, RSA_NAME).getByTestId('key-fingerprint-text')).toHaveText(pair.fingerprint);
  await expect(row(page, RSA_NAME)).toContainText('ssh-rsa');
});

test('the add-key page says which keys are taken, and a 1024-bit RSA key is refused with the reason', async ({ page }) => {
  const weak = keyPair('rsa', 'ana@weak-e2e', 1024);
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys/new');
  await expect(page.getByTestId('key-rule')).toHaveText(
    'Prihvaćaju se ključevi Ed25519, ECDSA i RSA od najmanje 2048 bitova; ključevi DSA i kraći ključevi RSA ne prihvaćaju se.',
  );
  await fillAndAdd(page, `e2e weak ${run}`, weak.publicKey);
  await expectToast(page, 'error', 'Javni ključ nije bilo moguće dodati: Ključ nije ispravan: ključ RSA mora imati najmanje 2048 bitova, a ovaj ima 1024. Izradite novi, npr. naredbom ssh-keygen -t ed25519.');
  await expectPath(page, '/ui/public-keys/new');

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByTestId('key-rule')).toHaveText('Ed25519, ECDSA and RSA keys of at least 2048 bits are accepted; DSA keys and shorter RSA keys are not.');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('key-rule')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
  await expectNoSeriousAxe(page);
  await screenshot(page, 'public-keys-new-rule-390-en');
});

test('a key is deleted after confirmation', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/public-keys');
  await row(page, RSA_NAME).getByRole('button', { name: 'Izbriši' }).click();
  await expect(page.getByText(`Jeste li sigurni da želite izbrisati javni ključ ${RSA_NAME}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expectToast(page, 'success', 'Javni ključ uspješno izbrisan');
  await expect(row(page, RSA_NAME)).toHaveCount(0);
  // Leave the lead with the seeded keys only.
  await row(page, ED_NAME).getByRole('button', { name: 'Izbriši' }).click();
  await page.getByRole('button', { name: 'Da', exact: true }).click();
  await expect(row(page, ED_NAME)).toHaveCount(0);
});

test('a user without an approved project sees the notice and the empty text', async ({ page }) => {
  await loginAs(page, 'newbie');
  await page.goto('/ui/public-keys');
  await expect(page.getByText('Nemate javnih ključeva dodanih')).toBeVisible();
  await expect(page.getByText('Javne ključeve možete dodavati kada sudjelujete na barem jednom odobrenom projektu.')).toBeVisible();
  await expect(page.locator('.keys-table tbody tr')).toHaveCount(5);
  await screenshot(page, 'public-keys-empty');
});
