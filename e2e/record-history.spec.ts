import { expect, type Locator, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';
const column = { name: 0, probability: 6 } as const;

const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');
const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

test('edit a record inline, open its History, see the change', async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  const first = recordRows(page).first();
  await expect(first).toBeVisible();
  const name = await text(cell(first, column.name));
  const before = await text(cell(first, column.probability));
  const after = before === '37' ? '38' : '37';

  // Edit the probability inline and save.
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await expect(first.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await cell(first, column.probability).click();
  const input = first.getByRole('textbox', { name: 'Probability' });
  await input.fill(after);
  await input.press('Tab');
  await toolbar.getByRole('button', { name: 'Save' }).click();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();

  // The row's quick menu offers its History.
  const row = recordRows(page)
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) })
    .first();
  await cell(row, column.name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: `History: ${name}` });
  await expect(dialog).toBeVisible();
  const newest = dialog.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first();
  await expect(newest).toContainText('Changed by admin');
  await expect(newest).toContainText(`Probability${before || '—'}→changed to${after}`);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // The same from the toolbar's More actions, as on a phone.
  await cell(row, column.name).click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(page.getByRole('dialog', { name: `History: ${name}` })).toBeVisible();
});
