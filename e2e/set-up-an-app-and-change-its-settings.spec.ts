// Named to run after the fresh-start journey: the app it enables is kept on purpose, and with two
// apps the root address shows the list rather than opening the demo app.
import { expect, type Page, test } from '@playwright/test';
import { seriousFindings } from './runnerAxe';

/** Keeps a screenshot of what the administrator sees, as an artefact of the run. */
async function keep(page: Page, name: string, testInfo: import('@playwright/test').TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Issue 20 item 1: the administrator creates an app in the admin area, sees its Welcome page open
 * in the runner, changes its settings (the runner shows them), and a URL slug another app has is
 * refused with spec 01 §5's message — by the browser for an app it lists, by the server for one it
 * does not (the shared app). Each run makes its own app and keeps it.
 */
test('an administrator creates an app, opens it, and changes its settings', async ({ page }, testInfo) => {
  const run = Date.now().toString(36);
  const name = `Field Visits ${run}`;
  const slug = `fieldvisits${run}`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sales CRM/ })).toBeVisible();

  await page.getByRole('button', { name: 'New app' }).click();
  const create = page.getByRole('dialog', { name: 'New app' });
  await create.getByLabel('App name').fill(name);
  await expect(create.getByLabel('URL slug')).toHaveValue(slug);
  await create.getByLabel('Description').fill('Visits to customers');
  await create.getByRole('button', { name: 'Create app' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`'${name}' was created with its Welcome page.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: slug })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'No' })).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search apps' }).fill(run);
  await expect(page.getByRole('row')).toHaveCount(2);
  await keep(page, 'apps-1440', testInfo);

  // Its Welcome page opens in the runner (a disabled app opens for administrators).
  await row.getByRole('link', { name: `Run ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${slug}$`));
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();

  // Its settings: enabled, a display name, a header colour and a footer.
  await page.goto('/admin/apps');
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  const settings = page.getByRole('dialog', { name: `App settings: ${name}` });
  await expect(settings.getByLabel('App name', { exact: true })).toHaveValue(name);
  await expect(settings.getByLabel('Version', { exact: true })).toHaveValue('1.0.0');
  await settings.getByLabel('Display name', { exact: true }).fill('Visits');
  // A person presses the check box's label; the input itself is visually hidden.
  await settings
    .locator('label')
    .filter({ hasText: /^Enabled$/ })
    .click();
  await expect(settings.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
  await settings.getByLabel('Header background colour', { exact: true }).fill('#1f4e79');
  await settings.getByLabel('Header text colour', { exact: true }).fill('#ffffff');
  await settings.getByLabel('Footer text', { exact: true }).fill(`Acme field team ${run}`);
  await keep(page, 'settings-1440', testInfo);
  expect(await seriousFindings(page)).toEqual([]);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText(`The settings of ${name} were saved.`)).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Yes' })).toHaveCount(1);

  await page.goto(`/apps/${slug}`);
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  await expect(page.getByText(`Acme field team ${run}`)).toBeVisible();
  // Enabled, and its default page shows the menu: the app list has it under its display name.
  await page.goto('/apps');
  await expect(page.getByRole('link', { name: /Visits/ }).first()).toBeVisible();

  // A slug another app has is refused with the spec's message: the browser knows the listed apps…
  await page.goto('/admin/apps');
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  await expect(settings.getByLabel('App name', { exact: true })).toHaveValue(name);
  await settings.getByLabel('URL slug', { exact: true }).fill('CRM');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText("There is another app with the same 'URL slug'.")).toBeVisible();
  // …and the server refuses the shared app's, which the list does not show.
  await settings.getByLabel('URL slug', { exact: true }).fill('shared');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText("There is another app with the same 'URL slug'.")).toBeVisible();
  await expect(settings.getByLabel('URL slug', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('cell', { name: slug })).toBeVisible();

  // The same screens on a phone: nothing wider than the window.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/apps');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keep(page, 'apps-390', testInfo);
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  await expect(settings.getByLabel('App name', { exact: true })).toHaveValue(name);
  await keep(page, 'settings-390', testInfo);
  await settings.getByRole('button', { name: 'Cancel' }).click();
});
