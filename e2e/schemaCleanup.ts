import { expect, type Page } from '@playwright/test';

/** The signed-in page's CSRF token, for API calls a journey makes through its request context. */
export async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
}

/**
 * A run leaves the Object it made behind: the next one deletes it first to start clean — the
 * reports made of it, then the relationships that tie it to other Objects (each refuses the next
 * delete while it stands), then the Object with its records, as the schema editor's deletes do. Nothing to do when
 * there is none.
 */
export async function deleteObjectNamed(page: Page, name: string): Promise<void> {
  const { types } = await (await page.request.get('/spapi/data/v1/schema/types')).json();
  const earlier = (types as Array<{ id: number; name: string }>).find((t) => t.name === name);
  if (!earlier) return;
  const headers = { 'x-csrf-token': await csrfOf(page) };
  const usageOf = async () =>
    (await page.request.get(`/spapi/data/v1/schema/type/${earlier.id}/usage`)).json() as Promise<{
      reports: Array<{ id: number }>;
      relationships: Array<{ id: number }>;
      recordCount: number;
    }>;
  const before = await usageOf();
  if (before.reports.length > 0) {
    const res = await page.request.post('/spapi/data/v1/entity/put', {
      data: { entities: [], deleted: before.reports.map((r) => r.id) },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const rel of before.relationships) {
    const links = await (await page.request.get(`/spapi/data/v1/schema/relationship/${rel.id}/usage`)).json();
    const res = await page.request.post(`/spapi/data/v1/schema/relationship/${rel.id}/delete`, {
      data: { linkCount: links.linkCount },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const res = await page.request.post(`/spapi/data/v1/schema/type/${earlier.id}/delete`, {
    data: { recordCount: (await usageOf()).recordCount },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}
