import { expect, type Page, test } from '@playwright/test';
import { recordRows } from './reportGrid';
import { seriousFindings } from './runnerAxe';

/** Opens the report behind Home's 'Open opportunities' counter, over the page. */
async function openCountersReport(page: Page) {
  await page.goto('/apps/crm/home');
  const counter = page.getByRole('region', { name: 'Open opportunities' });
  await expect(counter.locator('.pl-hero-counter__value')).toHaveText(/^\d[\d,]*$/);
  const count = ((await counter.locator('.pl-hero-counter__value').textContent()) ?? '').trim();
  await counter.getByRole('button', { name: 'Show records: Open opportunities' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open opportunities' });
  await expect(recordRows(dialog.getByRole('grid')).first()).toBeVisible();
  return { dialog, count };
}

// A person opens the records behind a counter (NAVIGATE_TO_REPORT, as a modal): the report shows in
// a frame of its own — the report's name, a close button, Escape — and the page waits under it.
for (const width of [1440, 390]) {
  test(`open a counter’s report in a modal and close it with Escape at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const { dialog, count } = await openCountersReport(page);
    // One frame: the modal's title is the report's name; the report brings no heading of its own.
    await expect(dialog.getByRole('heading')).toHaveText(['Open opportunities']);
    await expect(dialog.getByText(new RegExp(`of ${count}$`))).toBeVisible();
    await expect(page).toHaveTitle('Home · Plinth');
    await expect(page).toHaveURL(/\/apps\/crm\/home$/);
    // It fits the screen: the whole frame, its close button and its footer are in view.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Open as page' })).toBeInViewport();
    const shot = testInfo.outputPath(`report-modal-${width}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`report-modal-${width}`, { path: shot, contentType: 'image/png' });
    expect(await seriousFindings(page)).toEqual([]);

    // The keyboard stays in the modal …
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    // … and Escape, from the grid where the keyboard mostly is, closes it; focus goes back.
    await recordRows(dialog.getByRole('grid')).first().getByRole('gridcell').first().click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show records: Open opportunities' })).toBeFocused();
  });
}

test('a row of the modal’s report opens its record over it; closing comes back to the report', async ({
  page,
}) => {
  const { dialog } = await openCountersReport(page);
  const first = recordRows(dialog.getByRole('grid')).first();
  const name = ((await first.getByRole('gridcell').first().textContent()) ?? '').trim();
  await first.getByRole('gridcell').first().dblclick();
  const record = page.getByRole('dialog', { name: /^(View|Edit) / });
  await expect(record.getByRole('heading', { name: /^(View|Edit) / })).toBeVisible();
  await expect(record.getByText(name, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();
  await expect(dialog).toBeVisible();
  // The report opens as a page of its own, the page under it joining the breadcrumbs.
  await dialog.getByRole('button', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/home\/_report\/\d+\?breadcrumbs=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open opportunities' })).toBeVisible();
});
