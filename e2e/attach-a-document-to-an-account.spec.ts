import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';

/** A 2×2 PNG as an image editor writes it: a thumbnail is shown for it. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQCbkGRAwQCgAhzgU5F0qgxwAAAABJRU5ErkJggg==',
  'base64',
);

/** An account from the middle of the Accounts report (the first rows are other journeys'). */
async function pickAccount(page: Page, index: number): Promise<{ eid: string; name: string }> {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const row = recordRows(report.getByRole('grid', { name: 'Accounts' })).nth(index);
  const eid = (await row.getAttribute('data-eid')) ?? '';
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  expect(eid).toMatch(/^\d+$/);
  return { eid, name };
}

/** Opens the account's form and its Documents; answers the documents control. */
async function openDocuments(page: Page, eid: string, name: string, mode = 'edit'): Promise<Locator> {
  await page.goto(`/apps/crm/_${mode}Record?cid=${eid}`);
  const title = `${mode === 'edit' ? 'Edit' : 'View'} ${name}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // On a wide screen the documents are a tab of the form; on a narrow one the tabs are flattened.
  const tab = page.getByRole('tab', { name: 'Documents' });
  const control = page.getByRole('group', { name: 'Documents' });
  await expect(tab.or(control).first()).toBeVisible();
  if (await tab.isVisible()) await tab.click();
  await expect(
    control
      .getByText(/No documents\.|Drop files here or/)
      .or(control.getByRole('list'))
      .first(),
  ).toBeVisible();
  return control;
}

async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

const card = (control: Locator, name: string) => control.getByRole('listitem', { name });

async function act(page: Page, control: Locator, name: string, action: string) {
  await card(control, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('attach a document to an account: upload, preview, replace, remove', async ({ page }, testInfo) => {
  const { eid, name } = await pickAccount(page, 6);
  let control = await openDocuments(page, eid, name);
  const file = `Site plan ${Date.now()}`;

  // Upload: its progress, then the toast, and the document listed with its thumbnail.
  await chooseFile(page, control.getByRole('button', { name: 'Browse' }), {
    name: `${file}.png`,
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(
    page.getByRole('alertdialog', { name: 'Successfully uploaded' }).filter({ hasText: `${file}.png` }),
  ).toBeVisible();
  const uploaded = card(control, `${file}.png`);
  await expect(uploaded).toBeVisible();
  await expect(uploaded).toContainText('PNG');
  const thumbnail = uploaded.getByRole('img', { name: `Thumbnail of ${file}.png` });
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  const box = await thumbnail.boundingBox();
  expect(box && Math.round(box.width)).toBe(150);

  // The control passes axe: no serious or critical findings.
  const results = await new AxeBuilder({ page }).include('.pl-documents-control').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);

  const shot = testInfo.outputPath('account-documents-1440.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('account-documents-1440', { path: shot, contentType: 'image/png' });

  // Preview: a new tab titled with the file's name, showing the file.
  const popup = page.waitForEvent('popup');
  await act(page, control, `${file}.png`, 'Preview file');
  const tab = await popup;
  await expect(tab).toHaveTitle(`${file}.png`);
  await expect(tab.locator('iframe')).toHaveAttribute('src', /\/spapi\/data\/v2\/file\/\d+\?inline=1$/);
  await tab.close();

  // Replace: the Replace dialog takes the new file as a new version.
  await act(page, control, `${file}.png`, 'Replace file');
  const dialog = page.getByRole('dialog', { name: 'Replace document' });
  await expect(dialog.getByLabel('Current document')).toContainText(`${file}.png`);
  await chooseFile(page, dialog.getByRole('button', { name: 'Choose file' }), {
    name: `${file} v2.png`,
    mimeType: 'image/png',
    buffer: png,
  });
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(control, `${file} v2.png`)).toBeVisible();
  await expect(card(control, `${file}.png`)).toHaveCount(0);

  // What was uploaded and replaced is the account's after a reload.
  await page.reload();
  control = await openDocuments(page, eid, name);
  await expect(card(control, `${file} v2.png`)).toBeVisible();

  // Remove: asked first; the document leaves the account.
  await act(page, control, `${file} v2.png`, 'Remove');
  const confirm = page.getByRole('alertdialog', { name: 'Remove document' });
  await expect(confirm).toContainText(
    `Remove '${file} v2.png' from this Account? The document itself is kept.`,
  );
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(card(control, `${file} v2.png`)).toHaveCount(0);

  await page.reload();
  control = await openDocuments(page, eid, name);
  await expect(card(control, `${file} v2.png`)).toHaveCount(0);
});

test('an account’s documents are read-only in its view form', async ({ page }) => {
  const { eid, name } = await pickAccount(page, 8);
  let control = await openDocuments(page, eid, name);
  const file = `Brochure ${Date.now()}.png`;
  await chooseFile(page, control.getByRole('button', { name: 'Browse' }), {
    name: file,
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(card(control, file)).toBeVisible();

  control = await openDocuments(page, eid, name, 'view');
  await expect(card(control, file)).toBeVisible();
  await expect(control.getByRole('button', { name: 'Browse' })).toHaveCount(0);
  await card(control, file)
    .getByRole('button', { name: `Actions for ${file}` })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['Preview file', 'Download']);
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(file);
});
