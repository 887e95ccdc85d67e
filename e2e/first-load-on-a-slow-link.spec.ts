import { expect, type Response, test } from '@playwright/test';

const report = '/apps/crm/_report/crm:opportunities';

test('on a slow link the report shows a loading skeleton, then its rows, its code sent compressed', async ({
  page,
  context,
}) => {
  // Lighthouse's slow mobile link: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
  });

  await page.goto(report, { waitUntil: 'commit' });
  // Before the app's script has run: the shell's skeleton, announced as loading.
  const skeleton = page.getByRole('status').filter({ hasText: 'Loading…' });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');

  // Then the app replaces it with the report.
  await expect(page.getByRole('grid').getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.pl-boot')).toHaveCount(0);

  // The scripts and styles came compressed and cacheable for a year.
  const code = assets.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname));
  expect(code.length).toBeGreaterThan(2);
  for (const response of code) {
    const headers = await response.allHeaders();
    expect(headers['content-encoding'], response.url()).toBe('br');
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
  }
});
