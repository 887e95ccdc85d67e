import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { createAnApp, previewTheDraft } from './builderSteps';

async function keep(page: Page, name: string, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Drags with the mouse as a person does: press, move a little (dnd-kit starts after 6 px), move over, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('Nothing to drag, or nowhere to drop it');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * Issue 20's builder journey: an administrator makes an app, adds a page, drags a grid onto it with
 * two containers, a report and a chart inside, undoes three steps and redoes one, gives the report a
 * visibility expression, is stopped by a taken URL slug, saves, publishes, previews, and opens the
 * app in the runner at 1440, 800 and 390 pixels wide.
 */
test('an administrator builds a page by drag and drop and opens it in the runner', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const appName = `Dashboards ${run}`;
  const slug = `dashboards${run}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await createAnApp(page, appName);
  await page.goto(`/admin/apps/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/admin/apps/${slug}/welcome$`));

  await page.getByRole('tab', { name: 'File' }).click();
  await page.getByRole('button', { name: 'Add page' }).click();
  const add = page.getByRole('dialog', { name: 'Add page' });
  await add.getByLabel('Page name').fill('Pipeline');
  await add.getByRole('button', { name: 'Add page' }).click();
  await expect(page).toHaveURL(/\/pipeline$/);
  // The File tab stays open as the new page opens.
  await expect(page.getByRole('tab', { name: 'File' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Components' }).click();
  const toolbox = page.getByRole('tabpanel', { name: 'Components' });
  const tool = (name: string) => toolbox.getByRole('button', { name, exact: true });
  const canvas = page.getByRole('region', { name: 'Page layout' });
  const pageArea = canvas.getByRole('region', { name: 'Page' });
  await drag(page, tool('Grid'), pageArea);
  const grid = canvas.getByRole('button', { name: 'Grid', exact: true });
  await expect(grid).toBeVisible();
  for (const name of ['Horizontal container', 'Vertical container', 'Report', 'Chart']) {
    await drag(page, tool(name), grid);
    await expect(grid.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await keep(page, 'builder-dropped-1440', testInfo);

  // Undo three steps (the chart, the report, the vertical container), redo one.
  await canvas.click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Control+z');
  await expect(grid.getByRole('button', { name: 'Report', exact: true })).toBeHidden();
  await expect(grid.getByRole('button', { name: 'Vertical container', exact: true })).toBeHidden();
  await page.keyboard.press('Control+Shift+z');
  await expect(grid.getByRole('button', { name: 'Vertical container', exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Report', exact: true })).toBeHidden();
  await drag(page, tool('Report'), grid);
  await drag(page, tool('Chart'), grid);
  await expect(grid.getByRole('button', { name: 'Chart', exact: true })).toBeVisible();

  // The report: its report, and a visibility expression.
  await grid.getByRole('button', { name: 'Report', exact: true }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { name: 'Component properties' })).toBeVisible();
  await panel.getByRole('button', { name: /Report of/ }).click();
  await page.getByRole('option', { name: 'Account', exact: true }).click();
  await panel.getByRole('button', { name: /^Choose a report/ }).click();
  await page.getByRole('option').first().click();
  await panel.getByRole('button', { name: /Visibility$/ }).click();
  await page.getByRole('option', { name: 'Visible when' }).click();
  await panel.getByRole('textbox', { name: 'Visibility expression' }).click();
  await page.keyboard.type('1 = 1');
  await keep(page, 'builder-properties-1440', testInfo);

  // A URL slug another page has blocks the save with the spec's messages.
  await canvas.click({ position: { x: 5, y: 5 } });
  const settings = page.getByRole('region', { name: 'Page settings' });
  await settings.getByLabel('URL slug').fill('welcome');
  await page.getByRole('button', { name: 'Save' }).click();
  const blocked = page.getByRole('alert', { name: 'Save blocked' });
  await expect(blocked).toContainText(
    'URL slug must not have validation errors. Please correct the URL slug before proceeding.',
  );
  await settings.getByLabel('URL slug').fill('pipeline');
  await expect(blocked).toBeHidden();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App was successfully saved')).toBeVisible();

  await previewTheDraft(page, context);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The page was published: the runner shows it now.')).toBeVisible();

  for (const width of [1440, 800, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/apps/${slug}/pipeline`);
    await expect(page.getByRole('grid').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Chart not configured')).toBeVisible();
    await keep(page, `runner-${width}`, testInfo);
  }
});
