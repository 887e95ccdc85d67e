import { expect, type Locator, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';
const column = { amount: 4 } as const;

const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');
const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);

// Issue 12, item 2: moving through cells without changing them is no edit.
test('tabbing through cells without changing them marks no row modified and leaves Save disabled', async ({
  page,
}) => {
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  const first = recordRows(page).first();
  await expect(first).toBeVisible();
  const amount = ((await cell(first, column.amount).textContent()) ?? '').trim();

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await expect(first.getByRole('textbox', { name: 'Name' })).toBeFocused();

  // Through every editable cell of the first row and into the second, Amount (a currency) included.
  await cell(first, column.amount).click();
  await expect(first.getByRole('textbox', { name: 'Amount' })).toBeFocused();
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await cell(first, column.amount).click();
  await page.keyboard.press('Tab');

  await expect(page.locator('[data-inline-state="modified"]')).toHaveCount(0);
  await expect(page.locator('[data-inline-state="invalid"]')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(cell(first, column.amount)).toHaveText(amount);

  // A real change still counts, and putting the value back undoes it.
  await cell(first, column.amount).click();
  const input = first.getByRole('textbox', { name: 'Amount' });
  const before = await input.inputValue();
  await input.fill('123');
  await input.press('Tab');
  await expect(first).toHaveAttribute('data-inline-state', 'modified');
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeEnabled();
  await cell(first, column.amount).click();
  await first.getByRole('textbox', { name: 'Amount' }).fill(before);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-inline-state="modified"]')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Save' })).toBeDisabled();

  // Clearing the required Amount is refused on the cell, and nothing can be saved.
  await cell(first, column.amount).click();
  await first.getByRole('textbox', { name: 'Amount' }).fill('');
  await page.keyboard.press('Tab');
  await expect(first).toHaveAttribute('data-inline-state', 'invalid');
  await expect(cell(first, column.amount)).toHaveAttribute('aria-invalid', 'true');
  await toolbar.getByRole('button', { name: 'Discard' }).click();
  await expect(cell(first, column.amount)).toHaveText(amount);
});
