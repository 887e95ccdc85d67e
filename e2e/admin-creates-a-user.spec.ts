import { expect, test } from '@playwright/test';
import { recordRows } from './reportGrid';
import { demo, signIn } from './signIn';

// This journey signs out, so it starts from its own sign-in rather than the shared session.
test.use({ storageState: { cookies: [], origins: [] } });

/**
 * Issue 14: the administrator creates a user with the Sales role and signs out; the user signs
 * in, chooses their own password, sees the records the Sales rules allow, and cannot open the
 * admin area (decisions 0045, 0046).
 */
test('an administrator creates a Sales user, who signs in and sees what Sales may see', async ({ page }) => {
  const username = `sam${Date.now().toString(36)}`;
  const initial = 'first words 2468';
  const chosen = 'my own phrase 1357';

  await signIn(page);
  await page
    .getByRole('link', { name: /Administration/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('User name').fill(username);
  await dialog.getByLabel('Full name').fill('Sam Seller');
  await dialog.getByLabel('Initial password').fill(initial);
  // A person presses the check box's label; the input itself is visually hidden.
  await dialog
    .locator('label')
    .filter({ hasText: /^Sales$/ })
    .click();
  await expect(dialog.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Sales');
  await expect(row).toContainText('Must change password');

  // What the Sales role lets its members read, as the admin sees it before handing over.
  await page.getByRole('link', { name: 'Roles and access' }).click();
  const viewAs = page.getByRole('region', { name: 'View as' });
  await viewAs.getByRole('button', { name: /User/ }).click();
  await page.getByRole('option', { name: username }).click();
  await viewAs.getByRole('button', { name: /Records of/ }).click();
  await page.getByRole('option', { name: 'Document', exact: true }).click();
  await viewAs.getByRole('button', { name: 'Check' }).click();
  await expect(viewAs.getByText(new RegExp(`${username} can read 0 of \\d+ Document records`))).toBeVisible();
  await viewAs.getByRole('button', { name: /Records of/ }).click();
  await page.getByRole('option', { name: 'Opportunity', exact: true }).click();
  await viewAs.getByRole('button', { name: 'Check' }).click();
  await expect(
    viewAs.getByText(new RegExp(`${username} can read (\\d+) of \\1 Opportunity records`)),
  ).toBeVisible();
  await expect(viewAs.getByRole('cell', { name: 'Sales: read Opportunity' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  // The new user signs in with the password they were given, and must choose their own first.
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(initial);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('Current password').fill(initial);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Signing out kept the admin's page as the next one: the new user is refused it.
  await expect(page.getByRole('alert')).toContainText('Only administrators can open this page.');
  await page.getByRole('link', { name: 'Apps', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Administration/ })).toHaveCount(0);

  // Sales reads opportunities: the demo's report shows them.
  await page.goto('/apps/crm/_report/crm:opportunities');
  const report = page.getByRole('region', { name: 'Opportunities' });
  await expect(recordRows(report.getByRole('grid', { name: 'Opportunities' })).first()).toBeVisible();
  // …but no rule of Sales reaches documents: that report has no rows for them.
  await page.goto('/apps/crm/_report/crm:documents');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(recordRows(documents.getByRole('grid', { name: 'Documents' }))).toHaveCount(0);

  // The admin area is refused, in the browser and on the server.
  await page.goto('/admin/users');
  await expect(page.getByRole('alert')).toContainText('Only administrators can open this page.');
  const answer = await page.request.get('/spapi/admin/v1/users');
  expect(answer.status()).toBe(403);

  // The chosen password is the one that works now.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${username} · ${demo.tenant}`)).toBeVisible();
});
