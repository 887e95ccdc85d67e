import { expect, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:activities';

/** The report's footer count, e.g. '1-12 of 12', '200 of many' or '3 selected'. */
const countText = (page: Page) => page.locator('footer').getByText(/ of | selected$/);

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');

/**
 * Finds a few activities like the first row's ('Call with Jane' → 'Call with'), few enough for
 * the footer to count them all ('1-n of n'), and returns n. The journeys then only touch those.
 */
async function findAFewActivities(page: Page): Promise<{ term: string; total: number }> {
  const name = ((await recordRows(page).first().getByRole('gridcell').nth(0).textContent()) ?? '').trim();
  const term = name.slice(0, name.indexOf(' with ') + ' with'.length);
  await page.getByRole('searchbox', { name: /find a record/i }).fill(term);
  await expect(countText(page)).toHaveText(/^1-(\d+) of \1$/);
  const total = Number(((await countText(page).textContent()) ?? '').split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(4);
  return { term, total };
}

async function enterMultiSelect(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Multi-select' }).click();
  await expect(recordRows(page).first().getByRole('checkbox')).toBeVisible();
}

/** Ticks the first three rows' checkboxes and returns what those rows say. */
async function selectFirstThree(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = recordRows(page).nth(i);
    await row.getByRole('checkbox').check();
    names.push(((await row.textContent()) ?? '').trim());
  }
  await expect(countText(page)).toHaveText('3 selected');
  return names;
}

async function askToDelete(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm delete', exact: true });
  await expect(dialog).toContainText('Are you sure that you want to delete these 3 items?');
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Activities' })).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
});

test('cancelling the delete keeps the selected rows', async ({ page }) => {
  const { term, total } = await findAFewActivities(page);
  await enterMultiSelect(page);
  const names = await selectFirstThree(page);

  const dialog = await askToDelete(page);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();

  await expect(countText(page)).toHaveText('3 selected');
  for (const [i, name] of names.entries()) {
    await expect(recordRows(page).nth(i)).toHaveText(name);
  }
  // Nothing was deleted: a fresh look finds the same activities.
  await page.reload();
  await page.getByRole('searchbox', { name: /find a record/i }).fill(term);
  await expect(countText(page)).toHaveText(`1-${total} of ${total}`);
});

test('select three rows in multi-select and delete them', async ({ page }) => {
  const { term, total } = await findAFewActivities(page);
  await enterMultiSelect(page);
  const rows = await selectFirstThree(page);

  const dialog = await askToDelete(page);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Successfully deleted 3 items.')).toBeVisible();
  await expect(countText(page)).toHaveText(`1-${total - 3} of ${total - 3}`);
  // The rows were the first three: the grid now starts with others.
  for (const row of rows) await expect(recordRows(page).filter({ hasText: row })).toHaveCount(0);

  // Still gone after a fresh load of the page.
  await page.reload();
  await page.getByRole('searchbox', { name: /find a record/i }).fill(term);
  await expect(countText(page)).toHaveText(`1-${total - 3} of ${total - 3}`);
});
