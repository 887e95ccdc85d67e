import { expect, type Page } from '@playwright/test';

/** The signed-in page's CSRF token, for API calls a journey makes through its request context. */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
}

/**
 * A run leaves the Object it made behind: the next one deletes it first (with its records, as the
 * schema editor's confirmed delete does) to start clean. Nothing to do when there is none.
 */
export async function deleteObjectNamed(page: Page, name: string): Promise<void> {
  const { types } = await (await page.request.get('/spapi/data/v1/schema/types')).json();
  const earlier = (types as Array<{ id: number; name: string }>).find((t) => t.name === name);
  if (!earlier) return;
  const usage = await (await page.request.get(`/spapi/data/v1/schema/type/${earlier.id}/usage`)).json();
  const res = await page.request.post(`/spapi/data/v1/schema/type/${earlier.id}/delete`, {
    data: { recordCount: usage.recordCount },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(res.status()).toBe(200);
}
