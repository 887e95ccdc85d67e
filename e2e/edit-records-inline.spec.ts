import { expect, type Locator, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';
const column = { name: 0, account: 2, stage: 3, amount: 4, probability: 6 } as const;

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');
const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/** Edit Inline from the overflow menu; editing is ready once the first editable cell (the first row's Name) has focus. */
async function editInline(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await expect(recordRows(page).first().getByRole('textbox', { name: 'Name' })).toBeFocused();
}

/** Types a probability into a row's Probability cell (a click starts its editor). */
async function setProbability(row: Locator, value: string) {
  await cell(row, column.probability).click();
  const input = row.getByRole('textbox', { name: 'Probability' });
  await input.fill(value);
  await input.press('Tab');
}

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
});

test('edit two rows inline, one left invalid, and save', async ({ page }) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const [first, second] = [recordRows(page).nth(0), recordRows(page).nth(1)];
  const firstName = await text(cell(first, column.name));
  const secondName = await text(cell(second, column.name));
  const secondAccount = await text(cell(second, column.account));
  const probability = (await text(cell(first, column.probability))) === '55' ? '56' : '55';

  // The first editable cell (the first row's Name) is started and focused.
  await editInline(page);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(toolbar.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeHidden();
  await expect(toolbar.getByRole('button', { name: 'Export' })).toBeHidden();
  await expect(toolbar.getByRole('button', { name: 'Refresh' })).toBeDisabled();

  // A valid change: the probability of the first row.
  await setProbability(first, probability);
  await expect(cell(first, column.probability)).toHaveText(probability);
  // Beyond the maximum of 100, the numeric editor keeps the maximum (spec 02 §5).
  await setProbability(second, '150');
  await expect(cell(second, column.probability)).toHaveText('100');
  // An invalid one: the second row's Account, which an opportunity must have, removed.
  await cell(second, column.account).click();
  await second.getByRole('button', { name: `Remove ${secondAccount}` }).click();
  await cell(second, column.name).click();
  await expect(cell(second, column.account)).toHaveText('');
  // Checked against the form at once: the cell is marked invalid before anything is sent.
  await expect(cell(second, column.account)).toHaveAttribute('aria-invalid', 'true');

  await toolbar.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alertdialog', { name: `${secondName}: A value is required.` })).toBeVisible();
  // The invalid row stays (red, its Account cell marked invalid) and editing goes on.
  await expect(cell(second, column.account)).toHaveAttribute('aria-invalid', 'true');
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Discard' }).click();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  await page.reload();
  const saved = recordRows(page).filter({
    has: page.getByRole('gridcell', { name: firstName, exact: true }),
  });
  await expect(cell(saved.first(), column.probability)).toHaveText(probability);
  const kept = recordRows(page).filter({
    has: page.getByRole('gridcell', { name: secondName, exact: true }),
  });
  await expect(cell(kept.first(), column.account)).toHaveText(secondAccount);
});

test('paging with unsaved changes asks first: stay, discard or save', async ({ page }) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const onPage = (n: number) =>
    expect(page.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'page');
  const first = recordRows(page).nth(0);
  const firstName = await text(cell(first, column.name));
  const before = await text(cell(first, column.probability));
  const changed = before === '42' ? '43' : '42';

  await editInline(page);
  await setProbability(first, changed);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Cancel: stay on the page with the change.
  await page.getByRole('button', { name: 'Next page' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Discard changes' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await onPage(1);
  await expect(cell(first, column.probability)).toHaveText(changed);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Discard changes: the next page, out of editing, the change gone.
  await page.getByRole('button', { name: 'Next page' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await onPage(2);
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  await page.getByRole('button', { name: 'Page 1' }).click();
  await onPage(1);
  const row = recordRows(page).filter({ has: page.getByRole('gridcell', { name: firstName, exact: true }) });
  await expect(cell(row.first(), column.probability)).toHaveText(before);

  // Save changes: saved, then the next page.
  await editInline(page);
  await setProbability(first, changed);
  await page.getByRole('button', { name: 'Next page' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await onPage(2);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(cell(row.first(), column.probability)).toHaveText(changed);
});

test('leaving the page with unsaved changes asks first', async ({ page }) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const first = recordRows(page).nth(0);
  const before = await text(cell(first, column.probability));
  await editInline(page);
  await setProbability(first, before === '31' ? '32' : '31');

  // Apps in the header: the report asks before the page goes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/_report\//);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await page.goto(report);
  await expect(cell(recordRows(page).first(), column.probability)).toHaveText(before);
});

test("the browser's Back and Forward with unsaved changes ask first: Cancel stays with the edits", async ({
  page,
}) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  const first = recordRows(page).nth(0);
  const before = await text(cell(first, column.probability));
  const changed = before === '21' ? '22' : '21';
  // An entry of this page to go back to (no other page of the app links to the report yet).
  await page.goto(`${report}#editing`);
  await editInline(page);
  await setProbability(first, changed);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Back: the report asks, and Cancel keeps the page and the change.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#editing$/);
  await expect(cell(first, column.probability)).toHaveText(changed);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Back again and Discard changes: the Back is made and the change is gone.
  await page.goBack();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/_report\/crm:opportunities$/);
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(cell(first, column.probability)).toHaveText(before);

  // Forward is held the same way: to Apps and Back, then edit and go Forward.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await page.goBack();
  await editInline(page);
  await setProbability(first, changed);
  await page.goForward();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/_report\//);
  await expect(cell(first, column.probability)).toHaveText(changed);
  await page.goForward();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/apps$/);
});

test("the form's custom validation refuses a won opportunity under 1,000 on save, with its message on the cell", async ({
  page,
}) => {
  const message = 'A won opportunity needs an amount of at least 1,000.';
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  // A row not yet won (choosing its stage again would clear it); found by its name from then on.
  const name = await text(cell(recordRows(page).filter({ hasNotText: 'Closed Won' }).nth(1), column.name));
  const row = recordRows(page).filter({ has: page.getByRole('gridcell', { name, exact: true }) });
  const amount = await text(cell(row, column.amount));
  const stage = await text(cell(row, column.stage));

  await editInline(page);
  // Closed Won with an amount of 500: each value is fine alone, so nothing is red before the save.
  await cell(row, column.stage).click();
  await row.getByRole('button', { name: /^Stage/ }).click();
  await page.getByRole('option', { name: 'Closed Won' }).click();
  await cell(row, column.amount).click();
  const input = row.getByRole('textbox', { name: 'Amount' });
  await input.fill('500');
  await input.press('Tab');
  await expect(cell(row, column.amount)).not.toHaveAttribute('aria-invalid', 'true');

  // The server runs the Opportunity form's rule on the record as it would be saved.
  await toolbar.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alertdialog', { name: `${name}: ${message}` })).toBeVisible();
  await expect(cell(row, column.amount)).toHaveAttribute('aria-invalid', 'true');
  await cell(row, column.amount).hover();
  await expect(page.getByRole('tooltip')).toHaveText(message);

  // Nothing of the record was saved.
  await toolbar.getByRole('button', { name: 'Discard' }).click();
  await page.reload();
  const kept = recordRows(page).filter({ has: page.getByRole('gridcell', { name, exact: true }) });
  await expect(cell(kept.first(), column.amount)).toHaveText(amount);
  await expect(cell(kept.first(), column.stage)).toHaveText(stage);
});
