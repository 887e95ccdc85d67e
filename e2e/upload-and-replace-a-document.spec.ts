import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:documents';

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');

/** Picks files through the drop area's Browse button, as a person would from the file dialog. */
async function browseAndUpload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(file);
}

/** The toast at the top centre with its title and text. */
const toastOf = (page: Page, title: string, text: string | RegExp) =>
  page.getByRole('alertdialog', { name: title }).filter({ hasText: text });

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Browse' })).toBeVisible();
});

test('upload a document, replace its file and download the new one', async ({ page }, testInfo) => {
  const name = `Meeting notes ${Date.now()}`;
  const first = Buffer.from('First draft of the notes.\n');
  await browseAndUpload(page, { name: `${name}.txt`, mimeType: 'text/plain', buffer: first });
  await expect(toastOf(page, 'Successfully uploaded', `${name}.txt`)).toBeVisible();

  // Only the records this journey made: other journeys may upload documents too.
  await page.getByRole('searchbox', { name: /find a record/i }).fill(name);
  const row = recordRows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const sizeCell = row.getByRole('gridcell').nth(2);
  const sizeBefore = ((await sizeCell.textContent()) ?? '').trim();

  // Replace file, from the row's context menu.
  await row.getByRole('gridcell').first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Replace file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace document' });
  await expect(dialog.getByLabel('Current document')).toContainText(name);
  const second = Buffer.from(
    `Second draft of the notes, much longer than the first.\n${'More text. '.repeat(20_000)}\n`,
  );
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: `${name} v2.txt`, mimeType: 'text/plain', buffer: second });
  await expect(dialog).toContainText(`New file: ${name} v2.txt`);
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toContainText(`Replace '${name}.txt' with '${name} v2.txt'?`);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastOf(page, 'Successfully uploaded', `${name} v2.txt`)).toBeVisible();
  await expect(sizeCell).not.toHaveText(sizeBefore);

  // Download it: the file is the new one.
  await row.getByRole('gridcell').first().click({ button: 'right' });
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const file = testInfo.outputPath('downloaded.txt');
  await (await download).saveAs(file);
  expect(await readFile(file)).toEqual(second);
});

test('a file of an unknown type is refused', async ({ page }) => {
  const name = `Unknown ${Date.now()}.xyz`;
  await browseAndUpload(page, { name, mimeType: 'application/octet-stream', buffer: Buffer.from('??') });
  await expect(page.getByRole('alertdialog', { name: 'Error uploading' })).toBeVisible();
  await page.getByRole('searchbox', { name: /find a record/i }).fill(name);
  await expect(page.locator('footer').getByText(/ of /)).toHaveText(/^0 of 0$|^0 of many$/);
});
