import { expect, type Page, test } from '@playwright/test';
import { createAnApp, previewTheDraft } from './builderSteps';

/** Keeps a screenshot of what the administrator sees, as an artefact of the run. */
async function keep(page: Page, name: string, testInfo: import('@playwright/test').TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Issue 20 item 2, the builder's frame: an app opens from the Apps list at its default page in the
 * builder; a page is added, renamed and saved ('App was successfully saved'), previewed as a draft
 * in the runner, duplicated, and the copy deleted with spec 01 §4's messages. Each run makes its
 * own app (apps cannot be deleted yet).
 */
test('an administrator adds a page in the builder, renames, saves, previews, duplicates and deletes it', async ({
  page,
  context,
}, testInfo) => {
  const run = Date.now().toString(36);
  const appName = `Builder Run ${run}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await createAnApp(page, appName);

  // Open goes to the app's default page in the builder.
  await page
    .getByRole('row', { name: new RegExp(appName) })
    .getByRole('link', { name: `Open ${appName}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/apps/builderrun${run}/welcome$`));
  await expect(page.getByRole('tab', { name: 'Components' })).toHaveAttribute('aria-selected', 'true');
  const canvas = page.getByRole('region', { name: 'Page layout' });
  await expect(canvas.getByText(`Welcome to ${appName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await keep(page, 'builder-1440', testInfo);

  // Add a page from the File tab: it opens in the builder.
  await page.getByRole('tab', { name: 'File' }).click();
  await page.getByRole('button', { name: 'Add page' }).click();
  const add = page.getByRole('dialog', { name: 'Add page' });
  await add.getByLabel('Page name').fill('Site visits');
  await expect(add.getByLabel('URL slug')).toHaveValue('sitevisits');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByText("'Site visits' was added.")).toBeVisible();
  await expect(page).toHaveURL(/\/sitevisits$/);
  const settings = page.getByRole('region', { name: 'Page settings' });
  await expect(settings.getByLabel('Page name')).toHaveValue('Site visits');

  // Rename it; a name another page has is refused before save.
  await settings.getByLabel('Page name').fill('Welcome');
  await expect(settings.getByText("There is another page with the same 'Page name'.")).toBeVisible();
  await settings.getByLabel('Page name').fill('Visits this week');
  await settings.getByLabel('URL slug').fill('visits');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App was successfully saved')).toBeVisible();
  await expect(page).toHaveURL(/\/visits$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Visits this week' })).toBeVisible();

  // Preview opens the draft in the runner.
  await previewTheDraft(page, context);

  // Two builders on one page: a save over a revision saved since in another tab is refused with
  // the server's message, and this tab's change stays on screen.
  const other = await context.newPage();
  await other.goto(page.url());
  const otherSettings = other.getByRole('region', { name: 'Page settings' });
  await otherSettings.getByLabel('URL slug').fill('visits-week');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('App was successfully saved')).toBeVisible();
  await other.close();
  await settings.getByLabel('Page name').fill('Visits this month');
  await page.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Reload the saved page' });
  await expect(refusal).toContainText(
    "You saved the page 'Visits this week' in another window or tab after you opened it here, so these changes were not saved.",
  );
  await expect(settings.getByLabel('Page name')).toHaveValue('Visits this month');
  await refusal.getByRole('button', { name: 'Reload the saved page' }).click();
  await expect(settings.getByLabel('Page name')).toHaveValue('Visits this week');
  await expect(settings.getByLabel('URL slug')).toHaveValue('visits-week');

  // Publish makes the saved draft the version the runner shows.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The page was published: the runner shows it now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // Duplicate it in its app, then delete the copy.
  await page.getByRole('button', { name: 'Duplicate Visits this week' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate Visits this week' });
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Visits this week was duplicated')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visits this week 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Visits this week 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete page' });
  await expect(confirm).toContainText("Are you sure that you want to delete page 'Visits this week 2'?");
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Page deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visits this week 2' })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await keep(page, 'builder-390', testInfo);
});
