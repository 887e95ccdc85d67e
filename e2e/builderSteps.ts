import { type BrowserContext, expect, type Page } from '@playwright/test';

/** Preview opens the page's saved draft in the runner, in a new tab; checks it and closes it. */
export async function previewTheDraft(page: Page, context: BrowserContext) {
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Preview' }).click(),
  ]);
  await preview.waitForLoadState();
  expect(preview.url()).toMatch(/preview=1/);
  await expect(preview.getByText('Preview of the draft')).toBeVisible();
  await preview.close();
}

/** Makes an app through the Apps list's New app dialog, checking the slug it proposes when given. */
export async function createAnApp(page: Page, name: string, slug?: string) {
  await page.goto('/admin/apps');
  await page.getByRole('button', { name: 'New app' }).click();
  const create = page.getByRole('dialog', { name: 'New app' });
  await create.getByLabel('App name').fill(name);
  if (slug !== undefined) await expect(create.getByLabel('URL slug')).toHaveValue(slug);
  await create.getByRole('button', { name: 'Create app' }).click();
  await expect(create).toBeHidden();
}
