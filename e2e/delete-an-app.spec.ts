import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { createAnApp } from './builderSteps';
import { seriousFindings } from './runnerAxe';

/** Keeps a screenshot of what the administrator sees, as an artefact of the run. */
async function keep(page: Page, name: string, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** An account of the demo data, for a record form with a primary button (Edit). */
async function anAccount(page: Page): Promise<{ id: number; name: string }> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
  const answer = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers: { 'x-csrf-token': csrf },
    data: { typeId: 'crm:account' },
  });
  expect(answer.status()).toBe(200);
  const [account] = ((await answer.json()) as { entities: Array<{ id: number; name: string }> }).entities;
  return account!;
}

const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const underlineOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).boxShadow);

/**
 * Decisions 0121 and 0122: an administrator gives a new app the Teal theme and sees the runner's
 * primary button and current menu item follow it, then deletes the app from the list after a
 * confirmation that names it and the page that goes with it.
 */
test('an administrator themes an app, then deletes it after seeing what goes', async ({ page }, testInfo) => {
  // Two screens, the runner twice, at two widths: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `Themed Visits ${run}`;
  const slug = `themedvisits${run}`;
  const account = await anAccount(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await createAnApp(page, name, slug);
  await expect(page.getByText(`'${name}' was created with its Welcome page.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await keep(page, 'apps-1440', testInfo);

  // In the default theme: the record form's Edit button and the current menu item are blue.
  const recordUrl = `/apps/${slug}/_viewRecord?cid=${account.id}&formMode=view`;
  await page.goto(recordUrl);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible();
  expect(await backgroundOf(edit)).toBe('rgb(36, 84, 214)');
  await page.goto(`/apps/${slug}`);
  const current = page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'Welcome' });
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  expect(await underlineOf(current)).toContain('rgb(36, 84, 214)');

  // The Teal theme, chosen from the list with its swatch.
  await page.goto('/admin/apps');
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  const settings = page.getByRole('dialog', { name: `App settings: ${name}` });
  await expect(settings.getByLabel('App name', { exact: true })).toHaveValue(name);
  const theme = settings.getByRole('button', { name: /Theme/ });
  await expect(theme).toHaveText(/Default \(blue\)/);
  await theme.click();
  await expect(page.getByRole('option')).toHaveText([
    'Default (blue)',
    'Teal',
    'Green',
    'Purple',
    'Orange',
    'Slate',
  ]);
  await keep(page, 'theme-choice-1440', testInfo);
  await page.getByRole('option', { name: 'Teal' }).click();
  await expect(theme).toHaveText(/Teal/);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText(`The settings of ${name} were saved.`)).toBeVisible();

  // The runner follows it: the primary button, its hover colour and the current menu item are teal.
  await page.goto(`/apps/${slug}`);
  await expect(page.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  expect(await underlineOf(current)).toContain('rgb(15, 118, 110)');
  await keep(page, 'runner-teal-1440', testInfo);
  await page.goto(recordUrl);
  await expect(edit).toBeVisible();
  expect(await backgroundOf(edit)).toBe('rgb(15, 118, 110)');
  await edit.hover();
  await expect.poll(() => backgroundOf(edit)).toBe('rgb(17, 94, 89)');
  await page.mouse.move(0, 0);
  await keep(page, 'runner-record-teal-1440', testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(edit).toBeVisible();
  expect(await backgroundOf(edit)).toBe('rgb(15, 118, 110)');
  await keep(page, 'runner-record-teal-390', testInfo);

  // On a phone: the list and the confirmation fit; Cancel deletes nothing.
  await page.goto('/admin/apps');
  await expect(row).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await keep(page, 'apps-390', testInfo);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the app '${name}'?` });
  await expect(confirm.getByRole('list', { name: 'Pages deleted with the app' })).toHaveText('Welcome');
  await keep(page, 'confirm-390', testInfo);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  // The delete: the confirmation names the app and its one page, then the list no longer has it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(
    confirm.getByText(
      `The app '${name}' and its 1 page, with every version of them, will be deleted. This cannot be undone.`,
    ),
  ).toBeVisible();
  await expect(confirm.getByRole('list', { name: 'Pages deleted with the app' })).toHaveText('Welcome');
  await keep(page, 'confirm-1440', testInfo);
  expect(await seriousFindings(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete the app and 1 page' }).click();
  await expect(page.getByText(`The app '${name}' was deleted with its page.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.goto(`/apps/${slug}`);
  await expect(page.getByText(new RegExp(`Failed to load app ${slug}`))).toBeVisible();
});
