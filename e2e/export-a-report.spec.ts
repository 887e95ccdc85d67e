import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';

const report = '/apps/crm/_report/crm:opportunities';
const columnTitles = ['Name', 'Reference', 'Account', 'Stage', 'Amount', 'Close Date', 'Probability', 'Won'];

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');

/** Splits CSV text into rows of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Exports through the Export menu and returns the saved download. */
async function exportAs(page: Page, format: RegExp) {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return download;
}

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
});

test('export to CSV and open the file', async ({ page }, testInfo) => {
  const firstName = (
    (await recordRows(page).first().getByRole('gridcell').first().textContent()) ?? ''
  ).trim();
  const download = await exportAs(page, /csv/i);
  expect(download.suggestedFilename()).toBe('Opportunities.csv');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const rows = parseCsv(await readFile(file, 'utf8')).filter((r) => r.some((f) => f !== ''));
  expect(rows[0]).toEqual(columnTitles);
  expect(rows.length).toBeGreaterThan(1);
  // The rows come in the report's order, so the grid's first record is the file's first.
  expect(rows[1]![0]).toBe(firstName);
  for (const row of rows.slice(1)) expect(row).toHaveLength(columnTitles.length);
});

test('export to Excel and open the workbook', async ({ page }, testInfo) => {
  const first = recordRows(page).first().getByRole('gridcell');
  const firstName = ((await first.nth(0).textContent()) ?? '').trim();
  const firstReference = ((await first.nth(1).textContent()) ?? '').trim();
  const download = await exportAs(page, /excel/i);
  expect(download.suggestedFilename()).toBe('Opportunities.xlsx');
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(columnTitles);
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(String(sheet.getRow(2).getCell(1).value)).toBe(firstName);
  expect(String(sheet.getRow(2).getCell(2).value)).toBe(firstReference);
});
