import { expect, test } from '@playwright/test';
import { demo, signIn } from './signIn';

test.use({ storageState: { cookies: [], origins: [] } });

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(demo.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The tenant, user name or password is not correct.');
});

test('sign in, see the app list, open the app and its routes, sign out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  // The demo's app is listed and leads to its sitemap.
  await page.getByRole('link', { name: /Sales CRM/ }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_sitemap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales CRM' })).toBeVisible();

  // The runner's report route shows the report; one that does not exist says so.
  await page.goto('/apps/crm/_report/42');
  await expect(page.getByRole('region', { name: 'Report' }).getByRole('alert')).toContainText(
    'The record was not found.',
  );
  await page.goto('/admin/apps/crm/home');
  await expect(page.getByRole('heading', { level: 1, name: /Sales CRM.*Home/ })).toBeVisible();
  // The hash host route runs the app; a preview shows the page's draft.
  await page.goto('/#/demo/0/apprunner?app=crm&page=home&preview=1');
  await expect(page.getByText(/^Preview/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'App menu' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('alert')).toContainText('This page does not exist.');
  await page.getByRole('link', { name: 'go home' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/apps');
  await expect(page).toHaveURL(/\/signin\?next=%2Fapps$/);
});
