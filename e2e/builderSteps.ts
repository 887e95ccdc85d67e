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
