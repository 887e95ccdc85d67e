import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { columnTexts, countText, money, recordRows } from './reportGrid';

// A sales manager narrows the pipeline page to the large opportunities with its page filter
// (spec 03 §3 master filter; spec 01 §4 filter dropdown), then changes their mind and cancels.
test('filter a list page with the master filter: the report’s rows change', async ({ page }) => {
  await page.goto('/apps/crm/pipeline');
  await expect(page.getByRole('heading', { name: 'Filter the pipeline' })).toBeVisible();
  const report = page.getByRole('region', { name: 'Opportunities' });
  const grid = report.getByRole('grid');
  await expect(recordRows(grid).first()).toBeVisible();
  await expect(countText(report)).toHaveText(/of many|of \d+/);
  const before = (await countText(report).textContent()) ?? '';
  expect((await columnTexts(grid, 'Amount')).map(money).some((a) => a <= 400_000)).toBe(true);

  // Cancel discards: nothing changes.
  await page.getByRole('button', { name: 'Page filter' }).click();
  let dropdown = page.getByRole('dialog', { name: 'Filter by' });
  await dropdown.getByRole('group', { name: 'Amount' }).getByRole('textbox').fill('400000');
  await dropdown.getByRole('button', { name: 'Cancel' }).click();
  await expect(dropdown).toBeHidden();
  await expect(countText(report)).toHaveText(before);

  // Apply commits: only opportunities above $400,000 are left, and the chip says so.
  await page.getByRole('button', { name: 'Page filter' }).click();
  dropdown = page.getByRole('dialog', { name: 'Filter by' });
  const amount = dropdown.getByRole('group', { name: 'Amount' });
  await expect(amount.getByRole('textbox')).toHaveValue('');
  await amount.getByRole('textbox').fill('400000');
  await dropdown.getByRole('button', { name: 'Apply' }).click();
  await expect(dropdown).toBeHidden();
  await expect(page.getByRole('list', { name: 'Applied filters' }).getByRole('listitem')).toHaveCount(1);
  await expect(countText(report)).not.toHaveText(before);
  await expect(async () => {
    const amounts = (await columnTexts(grid, 'Amount')).map(money);
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toBeGreaterThan(400_000);
  }).toPass();

  // The filter, its chip and hint have no serious or critical accessibility findings.
  const axe = await new AxeBuilder({ page }).include('.pl-master-filter').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
