import { expect, test } from '@playwright/test';
import { seriousFindings } from './runnerAxe';

// A builder presses Help in the expression editor: the documentation redirect opens the
// calculation reference (issue 18; decision 0080), on a desktop and on a phone.
for (const width of [1440, 390]) {
  test(`the calculation reference at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/spapi/data/v1/docs/authredirect?target=%2Fdocs%2Fsample-calculations%23datediff');
    await expect(page).toHaveURL(/\/docs\/sample-calculations#datediff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calculation reference' })).toBeVisible();
    // The function the editor asked for is in view, with its signature, example and value.
    const datediff = page.getByRole('article', { name: 'datediff' });
    await expect(datediff).toBeInViewport();
    await expect(datediff).toContainText('datediff(part: DatePart, start: Any, end: Any): Int32');
    await expect(datediff).toContainText('datediff(day, [Start Date], getdate())');
    await expect(datediff.locator('code.value')).toHaveText('60');
    // The contents list leads to each group.
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Encoding' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Encoding' })).toBeInViewport();
    await expect(page.getByRole('article', { name: 'encodeurl' }).locator('code.value')).toHaveText(
      "'a%20b%26c'",
    );
    // Nothing is wider than the window, and axe finds nothing serious.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    const file = testInfo.outputPath(`reference-${width}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`reference-${width}`, { path: file, contentType: 'image/png' });
  });
}

test('a Help link to another site is refused', async ({ request }) => {
  const res = await request.get('/spapi/data/v1/docs/authredirect?target=https%3A%2F%2Fevil.example%2F', {
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toBe(
    'The target must be a documentation page of this site, such as /docs/sample-calculations.',
  );
});
