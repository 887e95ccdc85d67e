import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a saved report on the runner's report route and waits for its first rows. */
export async function openReport(page: Page, idOrAlias: string, title: string): Promise<Locator> {
  await page.goto(`/apps/crm/_report/${idOrAlias}`);
  const report = page.getByRole('region', { name: title });
  await expect(report.getByRole('heading', { name: title })).toBeVisible();
  const grid = report.getByRole('grid', { name: title });
  await expect(recordRows(grid).first()).toBeVisible();
  return report;
}

/** The grid's record rows as rendered (a virtualised grid renders the visible ones). */
export function recordRows(grid: Locator): Locator {
  return grid.getByRole('rowgroup').nth(1).getByRole('row').and(grid.locator(':not([aria-expanded])'));
}

/** The footer's count text: 'start-end of total', '{n} of many'. */
export function countText(report: Locator): Locator {
  return report.locator('.pl-report__count');
}

/** The texts of one column in the rendered record rows, top to bottom, by its header. */
export async function columnTexts(grid: Locator, header: string): Promise<string[]> {
  // A grid just read again may not have drawn its headers yet: wait for this one first.
  await expect(grid.getByRole('columnheader').filter({ hasText: header }).first()).toBeVisible();
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  // The body's rows: not the header, not the grand totals; group headers carry aria-expanded.
  const rows = grid.getByRole('rowgroup').nth(1).getByRole('row');
  return rows.evaluateAll(
    (elements, at) =>
      elements
        .filter((row) => !row.hasAttribute('aria-expanded'))
        .map((row) => row.querySelectorAll('[role="gridcell"]')[at]?.textContent?.trim() ?? ''),
    index,
  );
}

/** A dd/MM/yyyy date (en-AU) as a time value, for comparing. */
export function auDate(text: string): number {
  const [day, month, year] = text.split('/').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
}

/** '$1,234.50' as 1234.5. */
export function money(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, ''));
}
