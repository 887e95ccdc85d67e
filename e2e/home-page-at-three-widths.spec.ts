import { expect, test } from '@playwright/test';
import { seriousFindings } from './runnerAxe';

// A person opens the same Home page on a desktop, a small tablet and a phone (issue 16).
for (const width of [1440, 800, 390]) {
  test(`the Home page at ${width} px wide`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/apps/crm/home');
    const menu = page.getByRole('navigation', { name: 'App menu' });
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expect(page.locator('.pl-runner-page')).toBeVisible();
    // Nothing is wider than the window: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (width < 640) {
      // A phone: the menu folds behind its button.
      const toggle = menu.getByRole('button', { name: /Menu/ });
      await expect(menu.getByRole('link', { name: 'Home' })).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
      await toggle.click();
    } else {
      await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Records' })).toBeVisible();
    }
    // No serious or critical accessibility findings, and the page has its level-one heading.
    expect(await seriousFindings(page)).toEqual([]);
    const file = testInfo.outputPath(`home-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`home-${width}`, { path: file, contentType: 'image/png' });
  });
}
