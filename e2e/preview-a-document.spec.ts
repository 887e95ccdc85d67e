import { expect, type Page, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:documents';

/** The record rows of the grid (not the header row). */
const recordRows = (page: Page) => page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row');

/** A one-page PDF showing `text`, with a correct cross-reference table, as a PDF writer makes it. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Uploads a file through the drop area's Browse button and finds its row by a search. */
async function uploadAndFind(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(file);
  await expect(
    page.getByRole('alertdialog', { name: 'Successfully uploaded' }).filter({ hasText: file.name }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: /find a record/i }).fill(file.name);
  const row = recordRows(page).filter({ hasText: file.name });
  await expect(row).toHaveCount(1);
  return row;
}

/** 'Preview file' from the row's context menu: the new tab and the answer to its file request. */
async function preview(page: Page, row: ReturnType<typeof recordRows>) {
  await row.getByRole('gridcell').first().click({ button: 'right' });
  const popup = page.waitForEvent('popup');
  const file = page
    .context()
    .waitForEvent('response', (r) => /\/spapi\/data\/v2\/file\/\d+\?inline=1$/.test(r.url()));
  await page.getByRole('menuitem', { name: 'Preview file' }).click();
  return { tab: await popup, response: await file };
}

test.beforeEach(async ({ page }) => {
  await page.goto(report);
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Browse' })).toBeVisible();
});

test('preview a PDF: the new tab shows it in the browser PDF viewer', async ({ page }) => {
  const name = `Preview ${Date.now()}.pdf`;
  const row = await uploadAndFind(page, { name, mimeType: 'application/pdf', buffer: tinyPdf('Hello') });

  const { tab, response } = await preview(page, row);
  expect(response.status()).toBe(200);
  const headers = await response.allHeaders();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-disposition']).toMatch(/^inline;/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Sandboxed like every file (issue 14): Chromium's PDF viewer still draws it, as checked below.
  expect(headers['content-security-policy']).toMatch(/sandbox/);
  expect(headers['content-security-policy']).toMatch(/default-src 'none'/);

  // The tab is titled with the document's name and frames the file, in which Chromium's PDF viewer
  // (an extension frame) runs and draws the PDF through its plugin; a blocked plugin shows an error
  // page instead.
  await expect(tab).toHaveTitle(name);
  const isFile = (url: string) => /\/spapi\/data\/v2\/file\/\d+\?inline=1$/.test(url);
  const drawnPdf = () =>
    tab
      .frames()
      .find((f) => f.url().startsWith('chrome-extension://') && isFile(f.parentFrame()?.url() ?? ''))
      ?.childFrames()
      .find((f) => isFile(f.url()));
  await expect.poll(() => drawnPdf() !== undefined, { timeout: 15_000 }).toBe(true);
  const drawn = drawnPdf();
  await expect(drawn!.locator('embed')).toHaveCount(1);
  expect(tab.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(false);
  await tab.close();
});

test('preview a file named .pdf that is not a PDF: it is not shown inline', async ({ page }) => {
  const name = `Not a PDF ${Date.now()}.pdf`;
  const html = Buffer.from('<!doctype html><script>document.title = "ran"</script><p>Not a PDF</p>');
  const row = await uploadAndFind(page, { name, mimeType: 'application/pdf', buffer: html });

  const { tab, response } = await preview(page, row);
  const headers = await response.allHeaders();
  // Served as bytes to save, never as a document of the app's origin, and still sandboxed.
  expect(headers['content-type']).toBe('application/octet-stream');
  expect(headers['content-disposition']).toMatch(/^attachment;/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toMatch(/sandbox/);
  await expect(tab).toHaveTitle(name);
  // Its script never ran as a page of the app.
  for (const frame of tab.frames())
    expect(await frame.evaluate(() => document.title).catch(() => '')).not.toBe('ran');
  await tab.close();
});

test('preview an image: the new tab draws it, still sandboxed', async ({ page }) => {
  const name = `Preview ${Date.now()}.png`;
  // A 16x16 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGklEQVR4nGP8z8DwnwEJMDGgAaYGDANGAQMAGi4CD7ayWd8AAAAASUVORK5CYII=',
    'base64',
  );
  const row = await uploadAndFind(page, { name, mimeType: 'image/png', buffer: png });

  const { tab, response } = await preview(page, row);
  const headers = await response.allHeaders();
  expect(headers['content-type']).toBe('image/png');
  expect(headers['content-disposition']).toMatch(/^inline;/);
  expect(headers['content-security-policy']).toMatch(/sandbox$/);
  const file = () => tab.frames().find((f) => /\/file\/\d+\?inline=1$/.test(f.url()));
  await expect.poll(() => file() !== undefined).toBe(true);
  await expect
    .poll(() => file()!.evaluate(() => document.images[0]?.naturalWidth ?? 0), { timeout: 10_000 })
    .toBe(16);
  await tab.close();
});
