import { expect, type Locator, type Page, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';
import { demo, signIn } from './signIn';

// This journey signs out, so it starts from its own sign-in rather than the shared session.
test.use({ storageState: { cookies: [], origins: [] } });

/**
 * Issue 14: the administrator creates a user with the Sales role and signs out; the user signs
 * in, chooses their own password, sees the records the Sales rules allow, and cannot open the
 * admin area (decisions 0045, 0046); they change an opportunity of their own inline, sign out, and
 * the administrator sees the change by them in the record's History.
 */
test('an administrator creates a Sales user, who signs in and sees what Sales may see', async ({ page }) => {
  const username = `sam${Date.now().toString(36)}`;
  const initial = 'first words 2468';
  const chosen = 'my own phrase 1357';

  await signIn(page);
  await page
    .getByRole('link', { name: /Administration/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('User name').fill(username);
  await dialog.getByLabel('Full name').fill('Sam Seller');
  await dialog.getByLabel('Initial password').fill(initial);
  // A person presses the check box's label; the input itself is visually hidden.
  await dialog
    .locator('label')
    .filter({ hasText: /^Sales$/ })
    .click();
  await expect(dialog.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Sales');
  await expect(row).toContainText('Must change password');

  // What the Sales role lets its members read, as the admin sees it before handing over.
  await page.getByRole('link', { name: 'Roles and access' }).click();
  const viewAs = page.getByRole('region', { name: 'View as' });
  await viewAs.getByRole('button', { name: /User/ }).click();
  await page.getByRole('option', { name: username }).click();
  await viewAs.getByRole('button', { name: /Records of/ }).click();
  await page.getByRole('option', { name: 'Document', exact: true }).click();
  await viewAs.getByRole('button', { name: 'Check' }).click();
  await expect(viewAs.getByText(new RegExp(`${username} can read 0 of \\d+ Document records`))).toBeVisible();
  await viewAs.getByRole('button', { name: /Records of/ }).click();
  await page.getByRole('option', { name: 'Opportunity', exact: true }).click();
  await viewAs.getByRole('button', { name: 'Check' }).click();
  await expect(
    viewAs.getByText(new RegExp(`${username} can read (\\d+) of \\1 Opportunity records`)),
  ).toBeVisible();
  await expect(viewAs.getByRole('cell', { name: 'Sales: read Opportunity' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);

  // The new user signs in with the password they were given, and must choose their own first.
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(initial);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('Current password').fill(initial);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Signing out forgot the admin's page: the new user starts where the root takes them, the only
  // app they may open (decision 0065), whose Home page shows.
  await expect(page).toHaveURL(/\/apps\/crm$/);
  await expect(page.getByRole('heading', { name: 'Sales pipeline' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Administration/ })).toHaveCount(0);
  // The app list has that one app.
  await page.goto('/apps');
  await expect(page.getByRole('heading', { name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sales CRM/ })).toBeVisible();

  // Sales reads opportunities: the demo's report shows them.
  await page.goto('/apps/crm/_report/crm:opportunities');
  const report = page.getByRole('region', { name: 'Opportunities' });
  await expect(recordRows(report.getByRole('grid', { name: 'Opportunities' })).first()).toBeVisible();
  // …but no rule of Sales reaches documents: that report has no rows for them.
  await page.goto('/apps/crm/_report/crm:documents');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(recordRows(documents.getByRole('grid', { name: 'Documents' }))).toHaveCount(0);

  // The admin area is refused, in the browser and on the server.
  await page.goto('/admin/users');
  await expect(page.getByRole('alert')).toContainText('Only administrators can open this page.');
  const answer = await page.request.get('/spapi/admin/v1/users');
  expect(answer.status()).toBe(403);

  // The chosen password is the one that works now.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Tenant').fill(demo.tenant);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${username} · ${demo.tenant}`)).toBeVisible();

  // Sales changes only its own opportunities: the user makes one (the runner has no form for a new
  // record yet, so through the data service as themselves), then changes it inline in the report.
  const deal = `Deal of ${username}`;
  await createOwnOpportunity(page, deal);
  const opportunities = await openReport(page, 'crm:opportunities', 'Opportunities');
  const grid = opportunities.getByRole('grid', { name: 'Opportunities' });
  const mine = await findRow(opportunities, deal);
  await expect(cell(mine, column.probability)).toHaveText('10');
  const toolbar = page.getByRole('toolbar', { name: 'Report toolbar' });
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Inline' }).click();
  await expect(recordRows(grid).first().getByRole('textbox', { name: 'Name' })).toBeFocused();
  await cell(mine, column.probability).click();
  const input = mine.getByRole('textbox', { name: 'Probability' });
  await input.fill('35');
  await input.press('Tab');
  await toolbar.getByRole('button', { name: 'Save' }).click();
  await expect(toolbar.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(cell(mine, column.probability)).toHaveText('35');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The admin signs in and finds the change in the record's History, by the new user.
  await signIn(page);
  const seen = await openReport(page, 'crm:opportunities', 'Opportunities');
  const changed = await findRow(seen, deal);
  await cell(changed, column.name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${deal}` });
  const newest = history.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first();
  await expect(newest).toContainText(`Changed by ${username}`);
  await expect(newest).toContainText('Probability10→changed to35');
});

const column = { name: 0, probability: 6 } as const;
const cell = (row: Locator, index: number) => row.getByRole('gridcell').nth(index);

/** The report's one row named `name`, found with the report's search. */
async function findRow(report: Locator, name: string): Promise<Locator> {
  await report.getByRole('searchbox', { name: 'Find a record' }).fill(name);
  const grid = report.getByRole('grid', { name: 'Opportunities' });
  await expect(recordRows(grid)).toHaveCount(1);
  const row = recordRows(grid).first();
  await expect(cell(row, column.name)).toHaveText(name);
  return row;
}

/** Creates an opportunity owned by the signed-in user, on one of the accounts they can read. */
async function createOwnOpportunity(page: Page, name: string): Promise<void> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  const accounts = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers,
    data: { typeId: 'crm:account' },
  });
  expect(accounts.status()).toBe(200);
  const account = ((await accounts.json()) as { entities: Array<{ id: number }> }).entities[0]!.id;
  // A deal in a stage, as every demo opportunity is: the grouped journey reads every group as a stage.
  const stages = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers,
    data: { typeId: 'crm:stage' },
  });
  expect(stages.status()).toBe(200);
  const stage = ((await stages.json()) as { entities: Array<{ id: number }> }).entities[0]!.id;
  const created = await page.request.post('/spapi/data/v1/entity/put', {
    headers,
    data: {
      entities: [
        {
          id: 'new:deal',
          typeId: 'crm:opportunity',
          fields: { name, amount: 5000, probability: 10 },
          relationships: { account: { set: [account] }, stage: { set: [stage] } },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}
