import { expect, test } from '@playwright/test';
import { recordRows } from './reportGrid';
import { seriousFindings } from './runnerAxe';

test('open a record from a report in a modal, open its page and come back along the breadcrumbs', async ({
  page,
}, testInfo) => {
  await page.goto('/apps/crm/home');
  const grid = page.getByRole('grid').first();
  const first = recordRows(grid).first();
  await expect(first).toBeVisible();
  const name = ((await first.getByRole('gridcell').first().textContent()) ?? '').trim();

  // Opening a row opens the record over the page (a modal), not in its place.
  await first.getByRole('gridcell').first().dblclick();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: new RegExp(`^(View|Edit) ${escapeRegExp(name)}`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/crm\/home$/);
  // The record in its form (decision 0076): its auto number is shown read-only.
  await expect(dialog.getByRole('group', { name: 'Reference' })).toBeVisible();
  await expect(dialog.getByText('Reference', { exact: true })).toBeVisible();
  const shot = testInfo.outputPath('record-modal.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('record-modal', { path: shot, contentType: 'image/png' });

  // Close leaves the page as it was; the record opens again and this time as its own page.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await first.getByRole('gridcell').first().dblclick();
  await dialog.getByRole('button', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_(view|edit)Record\?cid=\d+.*breadcrumbs=/);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^(View|Edit) ${escapeRegExp(name)}`) }),
  ).toBeVisible();

  expect(await seriousFindings(page)).toEqual([]);
  const recordShot = testInfo.outputPath('record-page.png');
  await page.screenshot({ path: recordShot, fullPage: true });
  await testInfo.attach('record-page', { path: recordShot, contentType: 'image/png' });

  // The breadcrumbs lead back to Home.
  const trail = page.getByRole('navigation', { name: /Breadcrumb/i });
  await expect(trail.getByRole('link', { name: 'Home' })).toBeVisible();
  await trail.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/home(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales pipeline' })).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
