import { expect, test } from '@playwright/test';
import { deleteObjectNamed } from './schemaCleanup';
import { createObject } from './schemaEditorSteps';

// An administrator relates a new Object to Account in the schema editor (issue 19 item 3): a
// lookup "Client" from "Milestone" to Account, named both ways; its default form then shows the
// lookup, a record is created with an account, and the account's side lists the relationship too.

const typeName = 'Milestone';

test('relate a new type to Account and pick an account in its default form', async ({ page }, testInfo) => {
  await page.goto('/admin/schema');
  await deleteObjectNamed(page, typeName);
  await page.reload();
  const typeId = await createObject(page, typeName);

  const panel = page.getByRole('region', { name: 'Relationships' });
  await expect(panel.getByText('No relationships of its own yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'New relationship' }).click();
  const dialog = page.getByRole('dialog', { name: `New relationship on ${typeName}` });
  await expect(dialog.getByText('Many to one')).toBeVisible();
  await dialog.getByRole('button', { name: / Related Object$/ }).click();
  await page.getByRole('option', { name: 'Account', exact: true }).click();
  // The names follow the Objects until written: Account here, Milestones on Account.
  await expect(dialog.getByRole('textbox', { name: /^Name on Account/ })).toHaveValue('Milestones');
  const name = dialog.getByRole('textbox', { name: new RegExp(`^Name on ${typeName}`) });
  await name.fill('Client');
  await expect(dialog.getByRole('textbox', { name: new RegExp(`^Script name on ${typeName}`) })).toHaveValue(
    'Client',
  );
  await dialog.getByRole('tab', { name: 'Relationship details' }).click();
  await expect(dialog.getByRole('checkbox', { name: `Required on ${typeName}` })).toBeVisible();
  const shot = testInfo.outputPath('relationship-dialog.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('relationship-dialog', { path: shot, contentType: 'image/png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Object details successfully saved.')).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: 'Client' });
  await expect(row.getByRole('cell')).toHaveText([
    'Client',
    'Client',
    'Account',
    'Lookup',
    'Many to one',
    'No',
    /Edit/,
  ]);

  // The default form generated for the type shows the lookup at once.
  await page.goto(`/apps/crm/_createRecord?cid=${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: `New ${typeName}` })).toBeVisible();
  const recordName = `Kick-off ${Date.now() % 100_000}`;
  await page.getByRole('textbox', { name: /^Name/ }).fill(recordName);
  const client = page.getByRole('textbox', { name: 'Client', exact: true });
  await client.fill('Inc');
  const option = page.getByRole('option', { name: /Inc/ }).first();
  const accountName = ((await option.textContent()) ?? '').trim();
  await option.click();
  await expect(page.getByText(accountName, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${recordName}` })).toBeVisible();
  // The saved record holds the account: the form reads it back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${recordName}` })).toBeVisible();
  await expect(page.getByText(accountName, { exact: true }).first()).toBeVisible();

  // On Account, the other end: Milestones, one to many.
  const account = await (await page.request.get('/spapi/data/v1/schema/type/crm:account')).json();
  await page.goto(`/admin/schema/${account.type.id}`);
  const accountRow = page
    .getByRole('region', { name: 'Relationships' })
    .getByRole('row')
    .filter({ hasText: 'Milestones' });
  await expect(accountRow.getByRole('cell').nth(3)).toHaveText('Lookup (other end)');
  await expect(accountRow.getByRole('cell').nth(4)).toHaveText('One to many');
});
