import { expect, type Locator, type Page, test } from '@playwright/test';
import { columnTexts, countText, money, openReport } from './reportGrid';

const opportunities = { alias: 'crm:opportunities', title: 'Opportunities' };

const header = (grid: Locator, name: string) => grid.getByRole('columnheader', { name, exact: true });

async function filterCloseDateNextSixMonths(page: Page, report: Locator) {
  await report.getByRole('button', { name: 'Filter', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Filter by' });
  const closeDate = popup.getByRole('group', { name: 'Close Date' });
  await closeDate.getByRole('button', { name: /^Close Date operator/ }).click();
  await page.getByRole('option', { name: 'In the next' }).click();
  await closeDate.getByLabel('Close Date count').fill('6');
  await closeDate.getByRole('button', { name: /^Close Date unit/ }).click();
  await page.getByRole('option', { name: 'Months', exact: true }).click();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();
}

test('sort by a header, filter, search and resize: kept across a reload until Reset to default', async ({
  page,
}) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });

  // A click on the Amount header sorts by it, a second click the other way.
  await header(grid, 'Amount').click();
  await expect(header(grid, 'Amount')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(grid, 'Close Date')).not.toHaveAttribute('aria-sort');
  await header(grid, 'Amount').click();
  await expect(header(grid, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const amounts = (await columnTexts(grid, 'Amount')).map(money);
      return amounts.length > 1 && amounts.every((a, i) => i === 0 || a <= (amounts[i - 1] ?? 0));
    })
    .toBe(true);

  // A filter, a search for a word of the first row's name, and a wider Account column.
  await filterCloseDateNextSixMonths(page, report);
  const chip = report
    .getByRole('list', { name: 'Applied filters' })
    .getByRole('listitem', { name: 'Close Date In the next 6 Months' });
  await expect(chip).toBeVisible();
  const word = ((await columnTexts(grid, 'Name'))[0] ?? '').split(' ')[0] ?? '';
  expect(word.length).toBeGreaterThan(2);
  const search = report.getByRole('searchbox', { name: 'Find a record' });
  await search.fill(word);
  await expect.poll(async () => (await columnTexts(grid, 'Name')).every((n) => n.includes(word))).toBe(true);
  const account = header(grid, 'Account');
  const box = (await account.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await account.boundingBox())?.width ?? 0))
    .toBeGreaterThan(box.width + 40);
  const width = Math.round((await account.boundingBox())?.width ?? 0);
  await expect(header(grid, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  const names = await columnTexts(grid, 'Name');
  const count = await countText(report).textContent();

  // Reload: the same view, the same rows.
  await page.reload();
  await expect(report.getByRole('heading', { name: opportunities.title })).toBeVisible();
  await expect(header(grid, 'Amount')).toHaveAttribute('aria-sort', 'descending');
  await expect(chip).toBeVisible();
  await expect(report.getByRole('button', { name: 'Filter, 1 applied' })).toBeVisible();
  await expect(search).toHaveValue(word);
  await expect.poll(() => columnTexts(grid, 'Name')).toEqual(names);
  await expect(countText(report)).toHaveText(count ?? '');
  expect(Math.round((await account.boundingBox())?.width ?? 0)).toBe(width);

  // Reset to default: confirmed, announced, and the report's own view comes back — after a reload too.
  await report.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Reset' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Table has been reset to default view.')).toBeVisible();
  const defaults = async () => {
    await expect(header(grid, 'Close Date')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(grid, 'Amount')).not.toHaveAttribute('aria-sort');
    await expect(report.getByRole('list', { name: 'Applied filters' })).toBeHidden();
    await expect(search).toHaveValue('');
    await expect(countText(report)).toHaveText('200 of many');
    expect(Math.round((await account.boundingBox())?.width ?? 0)).toBeLessThan(width);
  };
  await defaults();
  await page.reload();
  await expect(report.getByRole('heading', { name: opportunities.title })).toBeVisible();
  await expect(countText(report)).toHaveText('200 of many');
  await defaults();
});
