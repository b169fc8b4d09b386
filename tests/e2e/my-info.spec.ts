import { expect, test } from '@playwright/test';
import { loginAs, screenshot } from './helpers/portal';

test('my info shows status, directory data and research-registry data', async ({ page }) => {
  await loginAs(page, 'lead');
  await page.goto('/ui/my-info');
  await expect(page.getByRole('heading', { name: 'Moji podaci' })).toBeVisible();
  await expect(page.getByTestId('user-status')).toHaveText(/Aktivan/);
  const directory = page.getByTestId('directory-data');
  await expect(directory).toContainText('Ana');
  await expect(directory).toContainText('ahorvat@fer.hr');
  const person = page.getByTestId('registry-person');
  await expect(person).toBeVisible();
  await expect(person.getByRole('link', { name: 'Profil u sustavu CroRIS' })).toHaveAttribute('href', /^https:\/\/www\.croris\.hr\/osobe\/profil\/\d+\/$/);
  await expect(page.getByTestId('registry-lead-projects').getByRole('link').first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.croris\.hr\/projekti\/projekt\/\d+$/,
  );
  await screenshot(page, 'my-info-lead');
});

test('a foreign user without registry data sees the empty text', async ({ page }) => {
  await loginAs(page, 'foreign');
  await page.goto('/ui/my-info');
  await expect(page.getByText('Nema podataka iz sustava CroRIS')).toBeVisible();
  await expect(page.getByText('Strani korisnik (eduGAIN)')).toBeVisible();
  await screenshot(page, 'my-info-foreign');
});
