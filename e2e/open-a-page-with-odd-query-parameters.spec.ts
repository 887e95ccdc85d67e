import { expect, test } from '@playwright/test';

/** Page options as the runner takes them (spec 01 §2): base64 of their JSON. */
const rtOptions = (options: object) =>
  encodeURIComponent(Buffer.from(JSON.stringify(options)).toString('base64'));

// Spec 01 §2's query parameters, decision 0108: a link with garbage in them opens the page as a
// plain link would; page options (rtOptions) change the frame.
for (const width of [1440, 390]) {
  test(`a page opened with garbage in its query shows as it does without it, at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(
      '/apps/crm/home?formMode=garbage&rtOptions=not-base64!%7B&cid=abc&pageId=-1&relEid=x&relDir=up&internalNavigation=yes&preview=maybe',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Sales pipeline' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'App menu' })).toBeVisible();
    const counter = page.getByRole('region', { name: 'Open opportunities' });
    await expect(counter.locator('.pl-hero-counter__value')).toHaveText(/^\d[\d,]*$/);
    // Not a preview (preview=maybe is no preview=1), and no error in its place.
    await expect(page.getByText(/^Preview/)).toHaveCount(0);
    await expect(page.getByText(/could not|Failed to/)).toHaveCount(0);
    expect(errors).toEqual([]);
    const shot = testInfo.outputPath(`garbage-query-${width}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`garbage-query-${width}`, { path: shot, contentType: 'image/png' });
  });
}

test('page options hide the app menu and show the page’s title bar', async ({ page }, testInfo) => {
  await page.goto(`/apps/crm/accounts?rtOptions=${rtOptions({ showMenu: false, showTitleBar: true })}`);
  const bar = page.locator('.pl-page-title-bar');
  await expect(bar.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'App menu' })).toHaveCount(0);
  const shot = testInfo.outputPath('page-options.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('page-options', { path: shot, contentType: 'image/png' });
  // The same page without them has its menu back.
  await page.goto('/apps/crm/accounts');
  await expect(page.getByRole('navigation', { name: 'App menu' })).toBeVisible();
});
