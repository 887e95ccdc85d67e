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

test('sign in, see the app list, open the route placeholders, sign out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  // The demo's app is listed and opens on its first report.
  await page.getByRole('link', { name: /Sales CRM/ }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_report\/crm%3Aopportunities$/);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();

  // The runner's report route shows the report; one that does not exist says so.
  await page.goto('/apps/crm/_report/42');
  await expect(page.getByRole('region', { name: 'Report' }).getByRole('alert')).toContainText(
    'The record was not found.',
  );
  await page.goto('/admin/apps/crm/home');
  await expect(page.getByRole('heading', { name: 'Page builder' })).toBeVisible();
  await page.goto('/#/demo/0/apprunner?app=crm&page=home&preview=1');
  await expect(page.getByRole('heading', { name: 'App runner' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('alert')).toContainText('This page does not exist.');
  await page.getByRole('link', { name: 'go home' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/apps');
  await expect(page).toHaveURL(/\/signin\?next=%2Fapps$/);
});
