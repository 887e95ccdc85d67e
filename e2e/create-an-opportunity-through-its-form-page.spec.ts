import { expect, type Page, test } from '@playwright/test';

const positiveAmount = 'An opportunity needs an amount above zero.';

/** The bound component of a form page that shows this label. */
const boundControl = (page: Page, kind: string) => page.locator(`.pl-bound[data-kind="${kind}"]`);

// A person creates an opportunity through its form page (issue 17): the custom validation stops a
// zero amount with its message under the field; fixed, the opportunity is saved.
test('create an opportunity through its form page: a refused amount, then saved', async ({
  page,
}, testInfo) => {
  const name = `Form page deal ${Date.now() % 100_000}`;
  const type = await (await page.request.get('/spapi/data/v1/schema/type/crm:opportunity')).json();
  await page.goto(`/apps/crm/_createRecord?cid=${type.type.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New Opportunity' })).toBeVisible();

  // Days to Close, a calculation, is shown on the new record: Close Date starts as today.
  await expect(boundControl(page, 'number').filter({ hasText: 'Days to Close' })).toContainText('0');

  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  const account = page.getByRole('textbox', { name: 'Account', exact: true });
  await account.fill('Inc');
  const option = page.getByRole('option', { name: /Inc/ }).first();
  const accountName = ((await option.textContent()) ?? '').trim();
  await option.click();
  await expect(boundControl(page, 'lookup').first()).toContainText(accountName);
  // A stage, as a person would give it (a stage-less deal would sit in a blank group elsewhere).
  await page.getByRole('button', { name: /^Stage/ }).click();
  await page.getByRole('option', { name: 'Prospecting' }).click();
  await expect(page.getByRole('button', { name: /^Stage/ })).toContainText('Prospecting');
  const amount = page.getByRole('textbox', { name: /Amount/ });
  await amount.fill('0');
  await amount.press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // The server's custom validation answers; its message shows under Amount, and nothing is saved.
  const amountControl = boundControl(page, 'currency');
  await expect(amountControl.getByText(positiveAmount)).toBeVisible();
  await expect(page).toHaveURL(/_createRecord/);
  const shot = testInfo.outputPath('opportunity-refused-amount.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('opportunity-refused-amount', { path: shot, contentType: 'image/png' });

  await amount.fill('25000');
  await amount.press('Tab');
  await expect(amountControl.getByText(positiveAmount)).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Amount/ })).toHaveValue(/25,?000/);
  // A stored opportunity: its reference was given when it was saved.
  await expect(boundControl(page, 'autoNumber')).toContainText(/OPP-\d+/);
});
