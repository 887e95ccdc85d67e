import { expect, type Locator, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';
const column = { name: 0, probability: 6 } as const;
const changedMessage =
  'Someone else changed this record after you read it. Save again to replace their changes with yours, or cancel to keep theirs.';

const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');
const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Report toolbar' });

async function openReport(page: Page) {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
}

async function editInline(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await expect(recordRows(page).first().getByRole('textbox', { name: 'Name' })).toBeFocused();
}

async function setProbability(row: Locator, value: string) {
  await cell(row, column.probability).click();
  const input = row.getByRole('textbox', { name: 'Probability' });
  await input.fill(value);
  await input.press('Tab');
}

// Issue 12, item 1: two people edit the same record's Probability inline from the same read.
test('the second of two inline saves from the same read is refused and keeps its edit on screen', async ({
  page,
  browser,
}, testInfo) => {
  const other = await browser.newContext({
    // The second tab is the same person's other window: the same signed-in state.
    storageState: await page.context().storageState(),
    baseURL: testInfo.project.use.baseURL ?? 'http://127.0.0.1:3111',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const second = await other.newPage();
  try {
    await openReport(page);
    await openReport(second);
    const name = await text(cell(recordRows(page).first(), column.name));
    const eid = await recordRows(page).first().getAttribute('data-eid');
    // By record id: a row being edited shows an editor, not its name, in its Name cell.
    const rowIn = (p: Page) => p.locator(`[role="row"][data-eid="${eid}"]`);
    const before = await text(cell(rowIn(page), column.probability));
    const [mine, theirs] = before === '11' ? ['12', '13'] : ['11', before === '12' ? '13' : '12'];

    // Both tabs read the row, then edit it.
    await editInline(page);
    await editInline(second);
    await setProbability(rowIn(page), mine);
    await setProbability(rowIn(second), theirs);

    // The first save goes through.
    await toolbar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toolbar(page).getByRole('button', { name: 'New' })).toBeVisible();
    await expect(cell(rowIn(page), column.probability)).toHaveText(mine);

    // The second is refused, naming the record; the edit stays on screen to retry or discard.
    await toolbar(second).getByRole('button', { name: 'Save' }).click();
    await expect(second.getByRole('alertdialog', { name: `${name}: ${changedMessage}` })).toBeVisible();
    await expect(cell(rowIn(second), column.probability)).toHaveText(theirs);
    await expect(rowIn(second)).toHaveAttribute('data-inline-state', 'invalid');
    await expect(toolbar(second).getByRole('button', { name: 'Save' })).toBeEnabled();

    // What is stored is the first save's value.
    await page.reload();
    await expect(cell(rowIn(page), column.probability)).toHaveText(mine);

    // Discarding leaves editing and shows the record as it is stored now (the rows are read again),
    // not the value the second tab first read.
    await toolbar(second).getByRole('button', { name: 'Discard' }).click();
    await expect(toolbar(second).getByRole('button', { name: 'New' })).toBeVisible();
    await expect(cell(rowIn(second), column.probability)).toHaveText(mine);
    await second.reload();
    await expect(cell(rowIn(second), column.probability)).toHaveText(mine);
  } finally {
    await other.close();
  }
});
