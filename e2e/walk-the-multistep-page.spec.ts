import { expect, test } from '@playwright/test';
import { recordRows } from './reportGrid';

// A person creates an account with its first contact, a step at a time (issue 17 item 5, decision
// 0093): the Accounts page's New opens the account's multistep page.
test('walk the multistep page: an account, then its first contact', async ({ page }, testInfo) => {
  const suffix = Date.now() % 100_000;
  const accountName = `Stepwise Pty ${suffix}`;
  const contactName = `Casey Stepwise ${suffix}`;

  await page.goto('/apps/crm/accounts');
  await expect(recordRows(page.getByRole('grid', { name: 'Accounts' })).first()).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'New Account' });
  await expect(modal.getByText('Step 1 of 2')).toBeVisible();
  // The whole page is easier to walk than a modal: open it as a page.
  await modal.getByRole('button', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(/_createRecord/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Account' })).toBeVisible();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();

  // Next checks the first step: the account needs its name.
  const name = page.getByRole('textbox', { name: /^Name/ });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('A value is required.')).toBeVisible();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await name.fill(accountName);
  await page.getByRole('textbox', { name: 'Industry' }).fill('Surveying');
  await page.getByRole('button', { name: 'Next' }).click();

  // The second step: the account exists now, so its first contact can be made.
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(name).toBeHidden();
  const contacts = page.getByRole('group', { name: 'Contacts' });
  await contacts.getByRole('button', { name: 'New Contact' }).click();
  const contactModal = page.getByRole('dialog', { name: 'New Contact' });
  await contactModal.getByRole('textbox', { name: 'Name', exact: true }).fill(contactName);
  await contactModal.getByRole('textbox', { name: 'First Name' }).fill('Casey');
  await contactModal.getByRole('textbox', { name: /Last Name/ }).fill('Stepwise');
  await contactModal.getByRole('button', { name: 'Save' }).click();
  await expect(contactModal).toBeHidden();
  await expect(contacts.getByText(`New: ${contactName}`)).toBeVisible();

  // Back shows the account's step as it was left; Next returns without making a second account.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(name).toHaveValue(accountName);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 2')).toBeVisible();

  const shot = testInfo.outputPath('multistep-second-step.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('multistep-second-step', { path: shot, contentType: 'image/png' });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Record created')).toBeVisible();
  // The saved account opens in its form page, its contact in its contacts table.
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${accountName}` })).toBeVisible();
  const saved = page.getByRole('group', { name: 'Contacts' }).getByRole('grid', { name: 'Contacts' });
  await expect(saved.getByRole('gridcell', { name: contactName })).toBeVisible();
  await expect(recordRows(saved)).toHaveCount(1);

  // One account of that name: leaving the first step made it, the last step did not make another.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
  const found = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers: { 'x-csrf-token': csrf },
    data: { typeId: 'crm:account', query: 'name' },
  });
  expect(found.ok(), await found.text()).toBe(true);
  const named = (await found.json()).entities.filter((e: { name: string }) => e.name === accountName);
  expect(named).toHaveLength(1);
});
