import { readFile } from 'node:fs/promises';
import { type Download, expect, type TestInfo, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { openReport, recordRows } from './reportGrid';

/** The text a Word part shows: its w:t contents, entities read. */
const shownText = (xml: string) =>
  xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Saves a download and answers its parts as text, by name. */
async function openDocx(download: Download, testInfo: TestInfo) {
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const parts = unzipSync(new Uint8Array(await readFile(file)));
  return Object.fromEntries(Object.entries(parts).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

test("generate an account's summary from the accounts grid and open it", async ({ page }, testInfo) => {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const first = recordRows(report.getByRole('grid', { name: 'Accounts' })).first();
  const name = ((await first.getByRole('gridcell').first().textContent()) ?? '').trim();
  await first.getByRole('gridcell').first().click();

  await report.getByRole('button', { name: 'More actions' }).click();
  const item = page.getByRole('menuitem', { name: 'Generate Account summary' });
  await expect(item).toBeEnabled();
  const shot = testInfo.outputPath('generate-menu.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('generate-menu', { path: shot, contentType: 'image/png' });
  const downloading = page.waitForEvent('download');
  await item.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Account summary - .+\.docx$/);

  const parts = await openDocx(download, testInfo);
  const body = shownText(parts['word/document.xml']!);
  expect(body).toContain(name);
  expect(body).toContain('Industry: ');
  expect(body).toMatch(/Annual revenue: \$[\d,]+\.\d\d/);
  expect(body).not.toMatch(/«|MERGEFIELD/);
});

test("generate an account's summary from its form", async ({ page }, testInfo) => {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const first = recordRows(report.getByRole('grid', { name: 'Accounts' })).first();
  const name = ((await first.getByRole('gridcell').first().textContent()) ?? '').trim();
  await first.getByRole('gridcell').first().dblclick();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(name)) })).toBeVisible();

  const toolbar = page.getByRole('toolbar', { name: 'Record actions' });
  const downloading = page.waitForEvent('download');
  await toolbar.getByRole('button', { name: 'Generate Account summary' }).click();
  const download = await downloading;
  const parts = await openDocx(download, testInfo);
  expect(shownText(parts['word/document.xml']!)).toContain(name);
  const header = Object.entries(parts).find(([part]) => /^word\/header\d*\.xml$/.test(part))?.[1];
  expect(shownText(header ?? '')).toContain(name);
  const shot = testInfo.outputPath('generate-from-form.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('generate-from-form', { path: shot, contentType: 'image/png' });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
