import { expect, test } from '@playwright/test';
import { seriousFindings } from './runnerAxe';

test('open the app list, the CRM app and its Home page', async ({ page }) => {
  await page.goto('/apps');
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  // Each app leads to its sitemap (spec 01 §2), its pages in menu order with their folder.
  await page.getByRole('link', { name: /Sales CRM/ }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_sitemap$/);
  const sitemap = page.locator('.pl-sitemap');
  await expect(sitemap.getByRole('heading', { level: 1, name: 'Sales CRM' })).toBeVisible();
  await expect(sitemap.getByText('Records', { exact: true })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await sitemap.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/home$/);
  const menu = page.getByRole('navigation', { name: 'App menu' });
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales pipeline' })).toBeVisible();
  await expect(page).toHaveTitle('Home · Plinth');
  // The app's own address opens its default page.
  await page.goto('/apps/crm');
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('use the menu folder to open a list page, and the same app in the hash host route', async ({ page }) => {
  await page.goto('/apps/crm');
  const menu = page.getByRole('navigation', { name: 'App menu' });
  await menu.getByRole('button', { name: 'Records' }).click();
  const folder = page.getByRole('menu');
  await expect(folder.getByRole('menuitem')).toHaveText(['Opportunities', 'Accounts', 'Contacts']);
  await folder.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page).toHaveTitle('Accounts · Plinth');
  await expect(page.getByRole('grid').first()).toBeVisible();

  // The runner hosted in a hash route keeps its links in the hash.
  await page.goto('/#/demo/0/apprunner?app=crm&page=accounts');
  await expect(page.getByRole('grid').first()).toBeVisible();
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/#\/demo\/0\/apprunner\?app=crm&page=home$/);
});

test.describe('a fresh start', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('signing in at the root address opens the demo app’s Home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByLabel('Tenant').fill(process.env.PLINTH_E2E_TENANT ?? 'demo');
    await page.getByLabel('User name').fill(process.env.PLINTH_E2E_USER ?? 'admin');
    await page.getByLabel('Password').fill(process.env.PLINTH_E2E_PASSWORD ?? 'secret123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/apps\/crm$/);
    await expect(
      page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
