import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openReport } from './reportGrid';
import { signIn } from './signIn';

/**
 * The axe-core findings that matter most: serious and critical, with where they are — and a page
 * without a level-one heading (a moderate finding, but every page has its heading).
 */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'page-has-heading-one')
    .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the report has no serious or critical accessibility violations', async ({ page }) => {
      await openReport(page, 'crm:opportunities', 'Opportunities');
      await expect(page).toHaveTitle('Opportunities · Plinth');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a report that does not exist has no serious or critical accessibility violations', async ({
      page,
    }) => {
      await page.goto('/apps/crm/_report/crm:doesNotExist');
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
      await expect(page).toHaveTitle('Report · Plinth');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the building-blocks gallery has no serious or critical accessibility violations', async ({
      page,
    }) => {
      await page.goto('/_gallery');
      await expect(page.getByRole('heading', { name: 'Building blocks' })).toBeVisible();
      await expect(page).toHaveTitle('Building blocks · Plinth');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in to Plinth' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Plinth');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the app list names the page in the title', async ({ page }) => {
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await expect(page).toHaveTitle('Apps · Plinth');
  expect(await seriousViolations(page)).toEqual([]);
});

test('signing in again leaves the title of the page it lands on', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page);
  await expect(page).toHaveTitle('Apps · Plinth');
});
