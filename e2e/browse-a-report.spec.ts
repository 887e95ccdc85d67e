import { expect, type Locator, test } from '@playwright/test';
import { auDate, columnTexts, countText, money, openReport, recordRows } from './reportGrid';

const opportunities = { alias: 'crm:opportunities', title: 'Opportunities' };

test('open a report and see its first page, then find records by searching', async ({ page }) => {
  const started = Date.now();
  const report = await openReport(page, opportunities.alias, opportunities.title);
  // The first page shows at the default size without waiting on anything else.
  expect(Date.now() - started).toBeLessThan(10_000);
  const grid = report.getByRole('grid', { name: opportunities.title });
  for (const header of [
    'Name',
    'Reference',
    'Account',
    'Stage',
    'Amount',
    'Close Date',
    'Probability',
    'Won',
  ])
    await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(recordRows(grid).first()).toBeInViewport();
  // At the default window size the grid, its footer and pager all show without scrolling the page,
  // and the columns fill the grid's width.
  await expect(countText(report)).toBeInViewport();
  await expect(report.getByRole('navigation', { name: 'Pages' })).toBeInViewport();
  expect(await recordRows(grid).count()).toBeGreaterThan(10);
  const gridBox = await grid.boundingBox();
  const lastHeader = await grid.getByRole('columnheader', { name: 'Won' }).boundingBox();
  expect((lastHeader?.x ?? 0) + (lastHeader?.width ?? 0)).toBeGreaterThan(
    (gridBox?.x ?? 0) + (gridBox?.width ?? 0) - 24,
  );
  // 300 demo opportunities and a page of 200: the report does not count them, it knows more exist.
  await expect(countText(report)).toHaveText('200 of many');
  const firstDates = (await columnTexts(grid, 'Close Date')).map(auDate);
  expect(firstDates).toEqual([...firstDates].sort((a, b) => a - b));

  // Search by the name of a record on the page: after the debounce only matching rows remain.
  const name = (await columnTexts(grid, 'Name'))[2] ?? '';
  const words = name.split(' ').slice(0, 2).join(' ');
  const search = report.getByRole('searchbox', { name: 'Find a record' });
  const searches: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().includes('/report') && body.includes('quickSearch')) searches.push(body);
  });
  await search.pressSequentially(words, { delay: 50 });
  await expect(countText(report)).toHaveText(/^1-\d+ of \d+$/);
  // Debounced: not a search per keystroke (one, unless a loaded machine paused the typing).
  expect(searches.length).toBeLessThan(words.length / 2);
  expect(JSON.parse(searches.at(-1) ?? '{}')).toMatchObject({ quickSearch: words, startIndex: 0 });
  const names = await columnTexts(grid, 'Name');
  expect(names.length).toBeGreaterThan(0);
  expect(names).toContain(name);
  for (const shown of names) expect(shown.toLowerCase()).toContain(words.toLowerCase());
  const [, end, total] = /^1-(\d+) of (\d+)$/.exec((await countText(report).textContent()) ?? '') ?? [];
  expect(Number(end)).toBe(Number(total));
  expect(Number(total)).toBeLessThan(200);

  // Something nothing matches: no rows and a count of none.
  await search.fill(`${words} zzzz-no-such-record`);
  await expect(countText(report)).toHaveText('0 of 0');
  await expect(report.getByText('No records to show.')).toBeVisible();

  // Clearing the search brings the first page back.
  await search.clear();
  await expect(countText(report)).toHaveText('200 of many');
  await expect(recordRows(grid).first()).toBeVisible();
});

test('filter by close date in the next months, see the chip, then reset the filter', async ({ page }) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });

  await report.getByRole('button', { name: 'Filter' }).click();
  const popup = page.getByRole('dialog', { name: 'Filter by' });
  await expect(popup).toBeVisible();
  const closeDate = popup.getByRole('group', { name: 'Close Date' });
  await closeDate.getByRole('button', { name: /^Close Date operator/ }).click();
  await page.getByRole('option', { name: 'In the next' }).click();
  await closeDate.getByLabel('Close Date count').fill('6');
  await closeDate.getByRole('button', { name: /^Close Date unit/ }).click();
  await page.getByRole('option', { name: 'Months', exact: true }).click();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();

  await expect(report.getByRole('button', { name: 'Filter, 1 applied' })).toBeVisible();
  const chips = report.getByRole('list', { name: 'Applied filters' });
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByRole('listitem', { name: 'Close Date In the next 6 Months' })).toBeVisible();
  await expect(countText(report)).toHaveText(/^1-\d+ of \d+$/);

  // Every row closes from today up to six months ahead (a day's grace either side for time zones).
  const today = new Date();
  const from = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - 86_400_000;
  const to = Date.UTC(today.getFullYear(), today.getMonth() + 6, today.getDate()) + 86_400_000;
  const dates = (await columnTexts(grid, 'Close Date')).map(auDate);
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) {
    expect(date).toBeGreaterThanOrEqual(from);
    expect(date).toBeLessThanOrEqual(to);
  }

  // Reset in the popup clears the filter and shows every record again.
  await report.getByRole('button', { name: 'Filter, 1 applied' }).click();
  await page.getByRole('dialog', { name: 'Filter by' }).getByRole('button', { name: 'Reset' }).click();
  await page.keyboard.press('Escape');
  await expect(report.getByRole('list', { name: 'Applied filters' })).toBeHidden();
  await expect(report.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(countText(report)).toHaveText('200 of many');

  // This year's opportunities, then the chip's clear button takes the filter off.
  await report.getByRole('button', { name: 'Filter', exact: true }).click();
  await closeDate.getByRole('button', { name: /^Close Date operator/ }).click();
  await page.getByRole('option', { name: 'Is only' }).click();
  await closeDate.getByRole('button', { name: /^Close Date period/ }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(chips.getByRole('listitem', { name: /^Close Date .*This year$/ })).toBeVisible();
  await expect(countText(report)).toHaveText(/^1-\d+ of \d+$/);
  const year = String(new Date().getFullYear());
  const thisYear = await columnTexts(grid, 'Close Date');
  expect(thisYear.length).toBeGreaterThan(0);
  for (const date of thisYear) expect(date.slice(-4)).toBe(year);
  await chips.getByRole('button', { name: 'Clear Close Date filter' }).click();
  await expect(chips).toBeHidden();
  await expect(countText(report)).toHaveText('200 of many');
});

test('sort by two columns: probability descending, then amount ascending', async ({ page }) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });

  await report.getByRole('button', { name: 'Sort' }).click();
  const popup = page.getByRole('dialog', { name: 'Sort by' });
  await expect(popup.getByRole('listitem', { name: 'Sort 1: Close Date' })).toBeVisible();
  await popup.getByRole('button', { name: 'Remove sort by Close Date' }).click();
  await expect(popup.getByText('No sorts')).toBeVisible();

  await popup.getByRole('button', { name: 'Add sort' }).click();
  const first = popup.getByRole('listitem').nth(0);
  await first.getByRole('button', { name: /^Column/ }).click();
  await page.getByRole('option', { name: 'Probability', exact: true }).click();
  await first.getByRole('button', { name: /^Direction/ }).click();
  await page.getByRole('option', { name: 'Descending' }).click();
  await expect(popup.getByRole('listitem', { name: 'Sort 1: Probability' })).toBeVisible();

  await popup.getByRole('button', { name: 'Add sort' }).click();
  const second = popup.getByRole('listitem').nth(1);
  await second.getByRole('button', { name: /^Column/ }).click();
  await page.getByRole('option', { name: 'Amount', exact: true }).click();
  // A new sort is ascending.
  await expect(second.getByRole('button', { name: 'Direction: Ascending' })).toBeVisible();
  await expect(popup.getByRole('listitem', { name: 'Sort 2: Amount' })).toBeVisible();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();
  await expect(report.getByRole('button', { name: 'Sort' })).toHaveText('Sort (2)');

  // The visible rows: probability never rises; within a probability the amount never falls.
  await expect.poll(async () => (await columnTexts(grid, 'Probability'))[0]).toBe('100');
  const probabilities = (await columnTexts(grid, 'Probability')).map(Number);
  const amounts = (await columnTexts(grid, 'Amount')).map(money);
  expect(probabilities.length).toBeGreaterThan(3);
  for (let i = 1; i < probabilities.length; i++) {
    expect(probabilities[i]).toBeLessThanOrEqual(probabilities[i - 1]!);
    if (probabilities[i] === probabilities[i - 1]) expect(amounts[i]).toBeGreaterThanOrEqual(amounts[i - 1]!);
  }

  // Reversed on the server too: the last page ends with the lowest probability.
  await report.getByRole('button', { name: 'Sort' }).click();
  await popup
    .getByRole('listitem', { name: 'Sort 1: Probability' })
    .getByRole('button', { name: /^Direction/ })
    .click();
  await page.getByRole('option', { name: 'Ascending' }).click();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(async () => (await columnTexts(grid, 'Probability'))[0]).toBe('0');
  const lowAmounts = (await columnTexts(grid, 'Amount')).map(money);
  expect(lowAmounts).toEqual([...lowAmounts].sort((a, b) => a - b));
});

test('reset the view to its default after filtering, searching, sorting and widening a column', async ({
  page,
}) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });

  // Wider Name column, by dragging its edge (a mouse handle: no Tab stop, so not a named control).
  const nameHeader = grid.getByRole('columnheader', { name: 'Name' }).first();
  const defaultWidth = (await nameHeader.boundingBox())?.width ?? 0;
  const edge = await nameHeader.locator('.pl-grid__resizer').boundingBox();
  await page.mouse.move((edge?.x ?? 0) + (edge?.width ?? 0) / 2, (edge?.y ?? 0) + (edge?.height ?? 0) / 2);
  await page.mouse.down();
  await page.mouse.move((edge?.x ?? 0) + 120, (edge?.y ?? 0) + (edge?.height ?? 0) / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await nameHeader.boundingBox())?.width ?? 0)
    .toBeGreaterThan(defaultWidth + 60);

  // Only opportunities already won.
  await report.getByRole('button', { name: 'Filter' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter by' });
  await filters.getByRole('button', { name: /^Won value/ }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(report.getByRole('list', { name: 'Applied filters' })).toBeVisible();
  await expect.poll(async () => new Set(await columnTexts(grid, 'Won'))).toEqual(new Set(['Yes']));

  const search = report.getByRole('searchbox', { name: 'Find a record' });
  await search.fill((await columnTexts(grid, 'Name'))[0] ?? '');
  await expect(countText(report)).toHaveText(/^1-\d+ of \d+$/);

  await report.getByRole('button', { name: 'Sort' }).click();
  const popup = page.getByRole('dialog', { name: 'Sort by' });
  await popup.getByRole('button', { name: 'Add sort' }).click();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(report.getByRole('button', { name: 'Sort' })).toHaveText('Sort (2)');

  await report.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Reset' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Table has been reset to default view.')).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(report.getByRole('button', { name: 'Sort' })).toHaveText('Sort (1)');
  await expect(countText(report)).toHaveText('200 of many');
  await expect(report.getByRole('list', { name: 'Applied filters' })).toBeHidden();
  await expect(report.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  expect(new Set(await columnTexts(grid, 'Won'))).toEqual(new Set(['Yes', 'No']));
  await expect.poll(async () => (await nameHeader.boundingBox())?.width ?? 0).toBeCloseTo(defaultWidth, 0);
  const dates = (await columnTexts(grid, 'Close Date')).map(auDate);
  expect(dates).toEqual([...dates].sort((a, b) => a - b));
});

test('page through a report with the pager and by scrolling to the end', async ({ page }) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });
  const pager = report.getByRole('navigation', { name: 'Pages' });
  await expect(countText(report)).toHaveText('200 of many');
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  const firstOnPageOne = (await columnTexts(grid, 'Name'))[0];

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(countText(report)).toHaveText(/^201-\d+ of \d+$/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(recordRows(grid).first()).toBeVisible();
  expect((await columnTexts(grid, 'Name'))[0]).not.toBe(firstOnPageOne);
  // Page 2 carries on from page 1's close dates.
  const pageTwoDates = (await columnTexts(grid, 'Close Date')).map(auDate);
  expect(pageTwoDates).toEqual([...pageTwoDates].sort((a, b) => a - b));

  // Refresh goes back to the first page.
  await report.getByRole('button', { name: 'Refresh' }).click();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(countText(report)).toHaveText(/^(1-200 of \d+|200 of many)$/);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(countText(report)).toHaveText(/^201-\d+ of \d+$/);

  await pager.getByRole('button', { name: 'Page 1' }).click();
  await expect(countText(report)).toHaveText(/^(1-200 of \d+|200 of many)$/);
  await expect.poll(async () => (await columnTexts(grid, 'Name'))[0]).toBe(firstOnPageOne);

  // Scrolling to the bottom of the grid appends the next page below the first.
  await grid.hover();
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 20_000);
        return countText(report).textContent();
      },
      { intervals: [300] },
    )
    .toMatch(/^1-\d+ of \d+$|^\d+ of many$/);
  await expect(countText(report)).not.toHaveText('200 of many');
  const [, shownEnd] = /(\d+) of/.exec((await countText(report).textContent()) ?? '') ?? [];
  expect(Number(shownEnd)).toBeGreaterThan(200);
  // The appended rows are the later close dates, and the first page's rows are still above them.
  await page.mouse.wheel(0, 50_000);
  const lastDates = (await columnTexts(grid, 'Close Date')).map(auDate);
  expect(lastDates).toEqual([...lastDates].sort((a, b) => a - b));
  await grid.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect.poll(async () => (await columnTexts(grid, 'Name'))[0]).toBe(firstOnPageOne);
});

test('open the report in the full view and close it again', async ({ page }) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  await report.getByRole('button', { name: 'Full view' }).click();
  const modal = page.getByRole('dialog', { name: opportunities.title });
  await expect(modal).toBeVisible();
  // Extra large: most of the window's width.
  const viewport = page.viewportSize();
  expect((await modal.boundingBox())?.width ?? 0).toBeGreaterThan((viewport?.width ?? 0) * 0.8);
  const grid = modal.getByRole('grid', { name: opportunities.title });
  await expect(recordRows(grid).first()).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Full view' })).toHaveCount(0);
  await expect(modal.getByRole('heading', { name: opportunities.title })).toHaveCount(1);
  await expect(modal.getByRole('searchbox', { name: 'Find a record' })).toBeVisible();
  await expect(modal.getByText('200 of many')).toBeVisible();
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('grid', { name: opportunities.title })).toHaveCount(1);
});

/** One column's cells in the rendered record rows: text, and the colours of a highlight, if any. */
async function columnLooks(grid: Locator, header: string) {
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return grid
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .evaluateAll(
      (rows, at) =>
        rows
          .filter((row) => !row.hasAttribute('aria-expanded'))
          .map((row) => {
            const cell = row.querySelectorAll('[role="gridcell"]')[at];
            const highlight = cell?.querySelector('[data-testid="cell-highlight"]');
            const bar = cell?.querySelector('[role="progressbar"]');
            return {
              text: cell?.textContent?.trim() ?? '',
              background: highlight ? getComputedStyle(highlight).backgroundColor : null,
              colour: highlight ? getComputedStyle(highlight).color : null,
              bar: bar ? bar.getAttribute('aria-valuenow') : null,
            };
          }),
      index,
    );
}

test("see the report's formatting: stages in their colours, amounts highlighted, probability as a bar", async ({
  page,
}) => {
  const report = await openReport(page, opportunities.alias, opportunities.title);
  const grid = report.getByRole('grid', { name: opportunities.title });
  await expect(recordRows(grid).first().getByRole('progressbar', { name: 'Probability' })).toBeVisible();

  // The stage's own choice colour, without any setup in the report (decision 0022).
  const stageColours: Record<string, string> = {
    Prospecting: 'rgb(107, 114, 128)',
    Qualification: 'rgb(37, 99, 235)',
    Proposal: 'rgb(124, 58, 237)',
    Negotiation: 'rgb(217, 119, 6)',
    'Closed Won': 'rgb(22, 163, 74)',
    'Closed Lost': 'rgb(220, 38, 38)',
  };
  const stages = await columnLooks(grid, 'Stage');
  expect(stages.length).toBeGreaterThan(5);
  for (const stage of stages) expect(stage.background, stage.text).toBe(stageColours[stage.text]);

  // Amounts from 250,000 green, up to 10,000 amber, the others plain.
  const amounts = await columnLooks(grid, 'Amount');
  for (const amount of amounts) {
    const value = money(amount.text);
    const expected = value >= 250_000 ? 'rgb(220, 252, 231)' : value <= 10_000 ? 'rgb(254, 243, 199)' : null;
    expect(amount.background, amount.text).toBe(expected);
  }
  expect(amounts.some((a) => a.background !== null)).toBe(true);

  // Probability: a bar filled to the value, the number beside it.
  for (const probability of await columnLooks(grid, 'Probability'))
    expect(probability.bar).toBe(probability.text);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first page shows, the pager keeps only previous and next, and Filter opens as a modal', async ({
    page,
  }) => {
    const report = await openReport(page, opportunities.alias, opportunities.title);
    const grid = report.getByRole('grid', { name: opportunities.title });
    await expect(recordRows(grid).first()).toBeInViewport();
    await expect(countText(report)).toHaveText('200 of many');
    const pager = report.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeInViewport();
    await expect(pager.getByRole('button', { name: /^Page / })).toHaveCount(0);

    await report.getByRole('button', { name: 'Filter' }).click();
    const popup = page.getByRole('dialog', { name: 'Filter by' });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(popup).toBeHidden();
  });
});
