import { expect, type Page, test } from '@playwright/test';
import { csrfOf } from './schemaCleanup';

// An administrator gives the Opportunity→Account end a picker report that lists the accounts of one
// industry (issue 19 item 3, decision 0110); an opportunity's form then offers only those accounts,
// in its Account lookup and in the lookup's 'Select Account' modal, which shows the report's columns.

const reportPrefix = 'Accounts in ';

interface Account {
  id: number;
  name: string | null;
  industry?: string | null;
}

async function api(page: Page) {
  const headers = { 'x-csrf-token': await csrfOf(page) };
  const opportunity = await (await page.request.get('/spapi/data/v1/schema/type/crm:opportunity')).json();
  const account = await (await page.request.get('/spapi/data/v1/schema/type/crm:account')).json();
  const end = (opportunity.relationships as Array<Record<string, unknown>>).find(
    (r) => r.direction === 'fwd' && r.toScriptName === 'account',
  )!;
  const fields = account.fields as Array<{ id: number; scriptName: string; column?: string }>;
  const fieldId = (test: (f: (typeof fields)[number]) => boolean) => fields.find(test)!.id;
  return {
    headers,
    opportunity,
    account,
    end,
    nameFieldId: fieldId((f) => f.column === 'name'),
    industryFieldId: fieldId((f) => f.scriptName === 'industry'),
  };
}

/** Clears the end's picker report and deletes the journey's reports (this run's or an earlier one's). */
async function removePickerReports(page: Page) {
  const { headers, account, end } = await api(page);
  const put = (data: unknown) => page.request.post('/spapi/data/v1/entity/put', { data, headers });
  const cleared = await put({ entities: [{ id: end.id, relationships: { toPickerReport: { set: [] } } }] });
  expect(cleared.status()).toBe(200);
  const listed = await (
    await page.request.get(`/spapi/data/v1/schema/type/${account.type.id}/reports`)
  ).json();
  const ours = (listed.reports as Array<{ id: number; name: string }>).filter((r) =>
    r.name.startsWith(reportPrefix),
  );
  if (ours.length === 0) return;
  expect((await put({ entities: [], deleted: ours.map((r) => r.id) })).status()).toBe(200);
}

/** The accounts with their industry, and the industry most of them share. */
async function accountsByIndustry(page: Page) {
  const res = await page.request.post('/spapi/data/v1/entity/ofType', {
    data: { typeId: 'crm:account', query: 'name, industry', pageSize: 1000 },
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  expect(res.status()).toBe(200);
  const accounts = (await res.json()).entities as Account[];
  const counts = new Map<string, number>();
  for (const a of accounts) if (a.industry) counts.set(a.industry, (counts.get(a.industry) ?? 0) + 1);
  const [industry] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return { accounts, industry };
}

/** The options a lookup offers (a selected account the report does not list shows, disabled). */
const offered = (page: Page) => page.locator('[role="option"]:not([aria-disabled="true"])');

test("an opportunity's Account lookup offers only the accounts of its picker report", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/schema');
  await removePickerReports(page);
  try {
    const { headers, opportunity, account, nameFieldId, industryFieldId } = await api(page);
    const { accounts, industry } = await accountsByIndustry(page);
    const inIndustry = new Set(accounts.filter((a) => a.industry === industry).map((a) => a.name));
    const reportName = `${reportPrefix}${industry}`;
    const made = await page.request.post('/spapi/data/v1/entity/put', {
      headers,
      data: {
        entities: [
          {
            id: 'new:report',
            typeId: 'core:report',
            fields: {
              name: reportName,
              reportDefinition: JSON.stringify({
                version: 1,
                rootTypeId: account.type.id,
                columns: [
                  { id: 'name', kind: 'field', fieldId: nameFieldId },
                  { id: 'industry', kind: 'field', fieldId: industryFieldId },
                ],
                conditions: [{ id: 'industry', columnId: 'industry', oper: 'Equal', value: industry }],
                sorts: [{ columnId: 'name', order: 'Ascending' }],
              }),
            },
          },
        ],
      },
    });
    expect(made.status(), await made.text()).toBe(200);

    // The administrator sets it as the picker report of Account on Opportunity.
    await page.goto(`/admin/schema/${opportunity.type.id}`);
    const panel = page.getByRole('region', { name: 'Relationships' });
    await panel.getByRole('button', { name: 'Edit the relationship Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account (Lookup)' });
    await dialog.getByRole('tab', { name: 'Relationship details' }).click();
    await dialog.getByRole('button', { name: /Picker report on Opportunity/ }).click();
    await page.getByRole('option', { name: reportName, exact: true }).click();
    await expect(dialog.getByRole('button', { name: /Picker report on Opportunity/ })).toContainText(
      reportName,
    );
    const dialogShot = testInfo.outputPath('picker-report-on-the-end-1440.png');
    await page.screenshot({ path: dialogShot });
    await testInfo.attach('picker-report-on-the-end-1440', { path: dialogShot, contentType: 'image/png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Object details successfully saved.')).toBeVisible();

    // An opportunity's form: its Account lookup offers only that industry's accounts.
    const listed = await page.request.post('/spapi/data/v1/entity/ofType', {
      data: { typeId: 'crm:opportunity', query: 'name', pageSize: 20, startIndex: 40 },
      headers,
    });
    const deal = ((await listed.json()).entities as Account[])[0]!;
    await page.goto(`/apps/crm/_editRecord?cid=${deal.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${deal.name}` })).toBeVisible();
    const lookup = page.getByRole('textbox', { name: 'Account', exact: true });
    await lookup.click();
    await expect(offered(page).first()).toBeVisible();
    const names = await offered(page).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(inIndustry, `${name} is not in ${industry}`).toContain(name.trim());

    // Searching stays within the report: an account of another industry is not offered.
    const searchedFor = (text: string) =>
      page.waitForResponse(
        (r) =>
          r.url().includes('/report/relationship/') &&
          (r.request().postDataJSON() as { quickSearch?: string }).quickSearch === text,
      );
    const other = accounts.find((a) => a.industry && a.industry !== industry && a.name)!.name!;
    const otherSearched = searchedFor(other);
    await lookup.fill(other);
    expect((await otherSearched).status()).toBe(200);
    await expect(offered(page).filter({ hasText: other })).toHaveCount(0);
    const mine = [...inIndustry].find((name) => name !== null)!;
    const mineSearched = searchedFor(mine);
    await lookup.fill(mine);
    expect((await mineSearched).status()).toBe(200);
    await expect(offered(page).filter({ hasText: mine }).first()).toBeVisible();
    const shot = testInfo.outputPath('lookup-through-picker-report-1440.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('lookup-through-picker-report-1440', { path: shot, contentType: 'image/png' });
    await lookup.press('Escape');

    // The lookup's modal shows the report's columns: every account listed is of that industry.
    await page.getByRole('button', { name: 'Browse Account' }).click();
    const modal = page.getByRole('dialog', { name: 'Select Account' });
    await expect(modal.getByRole('columnheader', { name: 'Industry' })).toBeVisible();
    const rows = modal.getByRole('table', { name: 'Records' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td:nth-child(3)').allTextContents()) expect(cell).toBe(industry);
    const modalShot = testInfo.outputPath('picker-modal-1440.png');
    await page.screenshot({ path: modalShot, fullPage: true });
    await testInfo.attach('picker-modal-1440', { path: modalShot, contentType: 'image/png' });

    // On a phone the same lookup and modal.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneShot = testInfo.outputPath('picker-modal-390.png');
    await page.screenshot({ path: phoneShot, fullPage: true });
    await testInfo.attach('picker-modal-390', { path: phoneShot, contentType: 'image/png' });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await lookup.fill('');
    await lookup.click();
    await expect(offered(page)).toHaveCount(names.length);
    const phoneLookup = testInfo.outputPath('lookup-through-picker-report-390.png');
    await page.screenshot({ path: phoneLookup, fullPage: true });
    await testInfo.attach('lookup-through-picker-report-390', {
      path: phoneLookup,
      contentType: 'image/png',
    });
  } finally {
    await removePickerReports(page);
  }
});
