import { expect, type Page, test } from '@playwright/test';
import { recordRows } from './reportGrid';
import { csrfOf } from './schemaCleanup';

const slug = 'deals-to-review';

/** The page a run made, by its slug in the CRM app (a run that stopped early leaves it). */
async function deleteTheReviewPage(page: Page): Promise<void> {
  const app = await (await page.request.get('/spapi/data/v1/apps/crm')).json();
  const earlier = (app.pages as Array<{ id: number; slug: string }>).find((p) => p.slug === slug);
  if (!earlier) return;
  const res = await page.request.post('/spapi/data/v1/entity/delete', {
    data: { ids: [earlier.id] },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(res.status()).toBe(200);
}

/**
 * A list page as the builder saves one (spec 01 §3): the Opportunities page's heading and report,
 * the report read-only by its behaviour (readOnlyWhen, spec 01 §4).
 */
async function makeTheReviewPage(page: Page): Promise<void> {
  const app = await (await page.request.get('/spapi/data/v1/apps/crm')).json();
  const lists = app.pages.find((p: { slug: string }) => p.slug === 'opportunities');
  const { content } = await (await page.request.get(`/spapi/data/v1/pages/${lists.id}`)).json();
  content.components[0].properties.text = 'Deals to review';
  const report = content.configuration.root.elements.find(
    (e: { id: string }) => e.id === 'opportunitiesReport',
  );
  report.behavior = { visibilityOperator: 'none', readOnly: 'true', readOnlyOperator: 'readOnlyWhen' };
  const res = await page.request.post('/spapi/data/v1/entity/put', {
    data: {
      entities: [
        {
          id: 'new:version',
          typeId: 'core:pageVersion',
          fields: {
            name: 'Deals to review',
            pageVersionContent: JSON.stringify(content),
            pageVersionFormat: 1,
          },
        },
        {
          id: 'new:page',
          typeId: 'core:appPage',
          fields: {
            name: 'Deals to review',
            appPageSlug: slug,
            appPageType: 'default',
            appPageShowMenu: true,
          },
          relationships: { pageInApp: { set: [app.id] }, pagePublishedVersion: { set: ['new:version'] } },
        },
      ],
    },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// A person opens a list page whose report the builder made read-only (issue 16): the rows are there
// to read, search, sort and export, but nothing creates, edits inline or deletes, and a row opens
// for viewing only.
test('read a list page whose report is read-only', async ({ page }, testInfo) => {
  await page.goto('/apps');
  await deleteTheReviewPage(page);
  await makeTheReviewPage(page);
  try {
    await page.goto(`/apps/crm/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Deals to review' })).toBeVisible();
    const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
    const grid = page.getByRole('grid').first();
    const first = recordRows(grid).first();
    await expect(first).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'New' })).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    const more = page.getByRole('menu');
    await expect(more.getByRole('menuitem', { name: 'Reset to default' })).toBeVisible();
    await expect(more.getByRole('menuitem', { name: 'Edit Inline' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A row's own menu: View, but neither Edit nor Delete.
    await first.getByRole('gridcell').first().click({ button: 'right' });
    const rowMenu = page.getByRole('menu', { name: 'Record actions' });
    await expect(rowMenu.getByRole('menuitem', { name: 'View', exact: true })).toBeVisible();
    await expect(rowMenu.getByRole('menuitem', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(rowMenu.getByRole('menuitem', { name: /^Delete/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const shot = testInfo.outputPath('read-only-report.png');
    await page.screenshot({ path: shot });
    await testInfo.attach('read-only-report', { path: shot, contentType: 'image/png' });

    // Opening a row shows the record to read.
    const name = ((await first.getByRole('gridcell').first().textContent()) ?? '').trim();
    await first.getByRole('gridcell').first().dblclick();
    await expect(page.getByRole('dialog', { name: `View ${name}` })).toBeVisible();
  } finally {
    await deleteTheReviewPage(page);
  }
});
