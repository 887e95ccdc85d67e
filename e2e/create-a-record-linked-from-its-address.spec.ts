import { expect, type Page, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';
import { csrfOf } from './schemaCleanup';

/** An account from the middle of the first page of Accounts (the first rows are other journeys'). */
async function pickAccount(page: Page): Promise<{ id: number; name: string }> {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const row = recordRows(report.getByRole('grid', { name: 'Accounts' })).nth(7);
  const id = Number(await row.getAttribute('data-eid'));
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  expect(id).toBeGreaterThan(0);
  return { id, name };
}

/** A type's id and the id of its end with this script name. */
async function typeAndEnd(page: Page, alias: string, end: string) {
  const schema = await (await page.request.get(`/spapi/data/v1/schema/type/${alias}`)).json();
  const rel = (schema.relationships as Array<{ id: number; endScriptName: string }>).find(
    (r) => r.endScriptName === end,
  );
  return { typeId: schema.type.id as number, relId: rel!.id };
}

// A link made elsewhere (an account's "new opportunity") names the account the new record relates
// to: relEid, relTypeId and relDir (spec 01 §2; decision 0108, relDir as the account's own form
// lists its Opportunities end). The new opportunity starts linked to it, and is saved so.
test('create an opportunity from an address that names its account, and see the link', async ({
  page,
}, testInfo) => {
  const account = await pickAccount(page);
  const { typeId, relId } = await typeAndEnd(page, 'crm:opportunity', 'account');
  await page.goto(`/apps/crm/_createRecord?cid=${typeId}&relEid=${account.id}&relTypeId=${relId}&relDir=rev`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Opportunity' })).toBeVisible();
  const lookup = page.locator('.pl-bound[data-kind="lookup"]').first();
  await expect(lookup).toContainText(account.name);
  const shot = testInfo.outputPath('new-opportunity-linked.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('new-opportunity-linked', { path: shot, contentType: 'image/png' });

  const name = `Linked deal ${Date.now() % 100_000}`;
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('button', { name: /^Stage/ }).click();
  await page.getByRole('option', { name: 'Prospecting' }).click();
  const amount = page.getByRole('textbox', { name: /Amount/ });
  await amount.fill('1200');
  await amount.press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.locator('.pl-bound[data-kind="lookup"]').first()).toContainText(account.name);
  // Stored so: the saved opportunity's account is the one its address named.
  const saved = Number(new URL(page.url()).searchParams.get('cid'));
  const read = await page.request.post('/spapi/data/v1/entity/query', {
    data: { ids: [saved], query: 'name, account.name' },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  const [entity] = (await read.json()).entities;
  expect(entity.account).toMatchObject({ id: account.id, name: account.name });
});

test('an address whose link is garbage opens a plain new record', async ({ page }) => {
  const { typeId } = await typeAndEnd(page, 'crm:opportunity', 'account');
  await page.goto(`/apps/crm/_createRecord?cid=${typeId}&relEid=abc&relTypeId=1&relDir=up`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Opportunity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toHaveValue('');
  await expect(page.locator('.pl-bound[data-kind="lookup"]').first().locator('.pl-chip')).toHaveCount(0);
});
