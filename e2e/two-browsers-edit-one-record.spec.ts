import { expect, type Page, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';

const staleMessage =
  'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see their changes (yours will be lost), or keep your changes on screen to copy them first.';

async function openContact(page: Page, eid: string, name: string) {
  await page.goto(`/apps/crm/_editRecord?cid=${eid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
}

// Two people edit the same contact in its form page at once (issue 17 item 6): the first save
// wins; the second is refused with the stale message, and its edits stay on screen.
test('two browsers edit one record in its form page: the second save is refused, its edits kept', async ({
  page,
  browser,
}, testInfo) => {
  const report = await openReport(page, 'crm:contacts', 'Contacts');
  const row = recordRows(report.getByRole('grid', { name: 'Contacts' })).nth(6);
  const eid = (await row.getAttribute('data-eid')) ?? '';
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  const other = await browser.newContext({
    storageState: await page.context().storageState(),
    baseURL: testInfo.project.use.baseURL ?? 'http://127.0.0.1:3111',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const second = await other.newPage();
  await openContact(page, eid, name);
  await openContact(second, eid, name);
  const stamp = Date.now() % 100_000;

  await page.getByRole('textbox', { name: 'Phone' }).fill(`0400 ${stamp}`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  const email = `second.${stamp}@example.com`;
  await second.getByRole('textbox', { name: 'Email' }).fill(email);
  await second.getByRole('button', { name: 'Update' }).click();
  const alert = second.getByRole('alert').filter({ hasText: staleMessage });
  await expect(alert).toBeVisible();
  // The refused edits stay until the person chooses.
  await expect(second.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  const shot = testInfo.outputPath('stale-form-page.png');
  await second.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('stale-form-page', { path: shot, contentType: 'image/png' });
  await alert.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(second.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  // Reload shows the first person's change; the refused one was never written.
  await second.getByRole('button', { name: 'Update' }).click();
  await expect(second.getByRole('alert').filter({ hasText: staleMessage })).toBeVisible();
  await second.getByRole('button', { name: 'Reload' }).click();
  await expect(second.getByRole('textbox', { name: 'Phone' })).toHaveValue(`0400 ${stamp}`);
  await expect(second.getByRole('textbox', { name: 'Email' })).not.toHaveValue(email);
  await other.close();
});
