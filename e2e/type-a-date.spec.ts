import { expect, type Locator, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/** The index of a column among the grid's cells, by its header. */
async function columnIndex(page: Page, header: string): Promise<number> {
  const headers = (await page.getByRole('grid').getByRole('columnheader').allInnerTexts()).map((t) =>
    t.trim(),
  );
  const index = headers.indexOf(header);
  expect(index, `column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
});

test('type 29/02/2028 into a Close date inline, save it and read it back', async ({ page }) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const closeDate = await columnIndex(page, 'Close Date');
  const reference = await columnIndex(page, 'Reference');
  const ref = await text(recordRows(page).first().getByRole('gridcell').nth(reference));
  const row = () =>
    recordRows(page)
      .filter({ has: page.getByRole('gridcell', { name: ref, exact: true }) })
      .first();
  const cell = () => row().getByRole('gridcell').nth(closeDate);
  // A date that is not already there, so that the save changes something.
  const wanted = (await text(cell())) === '29/02/2028' ? '01/03/2028' : '29/02/2028';

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await cell().click();
  const date = cell().getByRole('group', { name: 'Close Date' });
  const segments = date.getByRole('spinbutton');
  await segments.first().click();
  // en-AU: day, month, year, typed with the separators as a person writes the date.
  await page.keyboard.type(wanted);
  await expect(segments).toHaveText(wanted.split('/'));
  await expect(cell()).not.toContainText('Invalid date.');
  await page.keyboard.press('Tab');
  await expect(cell()).toHaveText(wanted);
  await expect(cell()).not.toHaveAttribute('aria-invalid', 'true');

  await toolbar.getByRole('button', { name: 'Save' }).click();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  // The report is sorted by close date, so the record is found again by its reference.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Find a record' }).fill(ref);
  await expect(recordRows(page)).toHaveCount(1);
  await expect(cell()).toHaveText(wanted);
});

test('an impossible date is kept as typed with the message, and is not saved', async ({ page }) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const closeDate = await columnIndex(page, 'Close Date');
  const cell = recordRows(page).nth(1).getByRole('gridcell').nth(closeDate);
  const before = await text(cell);

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await cell.click();
  const segments = cell.getByRole('group', { name: 'Close Date' }).getByRole('spinbutton');
  await segments.first().click();
  await page.keyboard.type('31022027');
  // Not clamped to 28/02: the text stays, with the spec's message.
  await expect(segments).toHaveText(['31', '02', '2027']);
  await expect(cell).toContainText('Invalid date.');
  await page.keyboard.press('Tab');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');

  await toolbar.getByRole('button', { name: 'Discard' }).click();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(cell).toHaveText(before);
});
