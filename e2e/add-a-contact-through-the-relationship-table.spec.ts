import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';

/** An account from the middle of the first page (the first rows are other journeys'). */
async function pickAccount(page: Page): Promise<{ eid: string; name: string }> {
  const report = await openReport(page, 'crm:accounts', 'Accounts');
  const row = recordRows(report.getByRole('grid', { name: 'Accounts' })).nth(9);
  const eid = (await row.getAttribute('data-eid')) ?? '';
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  expect(eid).toMatch(/^\d+$/);
  return { eid, name };
}

/** The account's Contacts relationship table, once its records have arrived. */
async function contactsTable(page: Page) {
  // The account's form page shows its contacts table (decision 0094).
  const table = page.getByRole('group', { name: 'Contacts' });
  await expect(recordRows(table.getByRole('grid', { name: 'Contacts' })).first()).toBeVisible();
  return table;
}

test('edit an account: create a contact in a modal and remove another through the relationship table', async ({
  page,
}, testInfo) => {
  const { eid, name } = await pickAccount(page);
  await page.goto(`/apps/crm/_editRecord?cid=${eid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  const table = await contactsTable(page);
  const grid = table.getByRole('grid', { name: 'Contacts' });
  const firstRow = recordRows(grid).first();
  const removedId = (await firstRow.getAttribute('data-eid')) ?? '';
  const removedName = ((await firstRow.getByRole('gridcell').nth(1).textContent()) ?? '').trim();
  expect(removedName).not.toBe('');

  // A new contact, made in its form in a modal; its Account is this account already.
  const newName = `Robin Journey ${Date.now() % 100_000}`;
  await table.getByRole('button', { name: 'New Contact' }).click();
  const modal = page.getByRole('dialog', { name: 'New Contact' });
  await modal.getByRole('textbox', { name: 'Name', exact: true }).fill(newName);
  await modal.getByRole('textbox', { name: 'First Name' }).fill('Robin');
  await modal.getByRole('textbox', { name: /Last Name/ }).fill('Journey');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(table.getByText(`New: ${newName}`)).toBeVisible();

  // Another contact removed: gone from the table, listed as not saved yet.
  await grid.getByRole('checkbox', { name: `Select row ${removedId}` }).check();
  await table.getByRole('button', { name: 'Remove' }).click();
  await expect(table.getByText(`Removed: ${removedName}`)).toBeVisible();
  await expect(grid.locator(`[data-eid="${removedId}"]`)).toHaveCount(0);

  // The table with its changes not saved yet has no serious accessibility violations.
  const results = await new AxeBuilder({ page }).include('.pl-rel-table').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);

  const shot = testInfo.outputPath('relationship-table-pending.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('relationship-table-pending', { path: shot, contentType: 'image/png' });

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  // Both changes are what the account now holds.
  await page.reload();
  const after = await contactsTable(page);
  const afterGrid = after.getByRole('grid', { name: 'Contacts' });
  await expect(afterGrid.getByRole('gridcell', { name: newName })).toBeVisible();
  await expect(afterGrid.locator(`[data-eid="${removedId}"]`)).toHaveCount(0);
  await expect(after.getByText('Not saved yet')).toHaveCount(0);
});
