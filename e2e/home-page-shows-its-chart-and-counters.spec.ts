import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// A sales manager opens the CRM app's Home page: the counters, the pipeline chart and the report
// are there and agree, at a desktop, a tablet and a phone width (issue 16).
for (const width of [1440, 800, 390]) {
  test(`the Home page shows its chart and counters at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/apps/crm/home');
    await expect(page.getByRole('heading', { name: 'Sales pipeline' })).toBeVisible();

    const open = page.getByRole('region', { name: 'Open opportunities' }).first();
    await expect(open.locator('.pl-hero-counter__value')).toHaveText(/^\d[\d,]*$/);
    const amount = page.getByRole('region', { name: 'Pipeline amount' });
    await expect(amount.locator('.pl-hero-counter__value')).toHaveText(/^\$[\d,]+\.\d{2}$/);

    const chart = page.getByRole('figure', { name: 'Pipeline by stage' });
    await expect(chart.getByRole('img', { name: /Pipeline by stage: Amount by Stage/ })).toBeVisible();
    // Its numbers are in a table for screen readers: one row per stage.
    const rows = chart.getByRole('table').getByRole('row');
    await expect(rows).not.toHaveCount(0);
    expect(await rows.count()).toBeGreaterThan(2);

    // The counters and the chart sit inside the window, side by side or stacked, never cut off.
    const box = await chart.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const counters = [await open.boundingBox(), await amount.boundingBox()];
    if (width >= 640) expect(counters[0]!.y).toBe(counters[1]!.y);
    else expect(counters[1]!.y).toBeGreaterThan(counters[0]!.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The page's components have no serious or critical accessibility findings.
    const axe = await new AxeBuilder({ page }).include('.pl-flow-page').analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);

    const file = testInfo.outputPath(`home-chart-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`home-chart-${width}`, { path: file, contentType: 'image/png' });
  });
}
