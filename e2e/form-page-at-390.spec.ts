import { expect, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';

// The account form page on a phone (issue 17): one column, nothing wider than the window, its
// contacts table and documents reachable, Update in reach.
test('an account form page at 390 px wide', async ({ page }, testInfo) => {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const row = recordRows(report.getByRole('grid', { name: 'Accounts' })).nth(4);
  const eid = (await row.getAttribute('data-eid')) ?? '';
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/apps/crm/_editRecord?cid=${eid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  const nameBox = page.getByRole('textbox', { name: /^Name/ });
  await expect(nameBox).toHaveValue(name);
  const industry = page.getByRole('textbox', { name: 'Industry' });
  // One column: each field starts where the one above it starts, and fits the window.
  const [a, b] = [await nameBox.boundingBox(), await industry.boundingBox()];
  expect(a && b && Math.abs(a.x - b.x)).toBeLessThan(2);
  expect(a && a.x + a.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('group', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByText('Documents', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const file = testInfo.outputPath('account-form-page-390.png');
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach('account-form-page-390', { path: file, contentType: 'image/png' });
});
