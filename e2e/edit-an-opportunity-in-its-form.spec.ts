import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { openReport, recordRows } from './reportGrid';

const staleMessage =
  'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see their changes (yours will be lost), or keep your changes on screen to copy them first.';

/** An opportunity from the middle of the first page (the first rows are other journeys'). */
async function pickOpportunity(page: Page): Promise<{ eid: string; name: string }> {
  const report = await openReport(page, 'crm:opportunities', 'Opportunities');
  const row = recordRows(report.getByRole('grid', { name: 'Opportunities' })).nth(7);
  const eid = (await row.getAttribute('data-eid')) ?? '';
  const name = ((await row.getByRole('gridcell').first().textContent()) ?? '').trim();
  expect(eid).toMatch(/^\d+$/);
  return { eid, name };
}

async function openForm(page: Page, eid: string, name: string) {
  await page.goto(`/apps/crm/_editRecord?cid=${eid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Probability' })).toBeVisible();
}

async function setProbability(page: Page, value: string) {
  const input = page.getByRole('textbox', { name: 'Probability' });
  await input.fill(value);
  await input.press('Tab');
}

async function otherWindow(browser: Browser, page: Page, testInfo: TestInfo) {
  return browser.newContext({
    storageState: await page.context().storageState(),
    baseURL: testInfo.project.use.baseURL ?? 'http://127.0.0.1:3111',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
}

test('edit an opportunity in its form and save it', async ({ page }, testInfo) => {
  const { eid, name } = await pickOpportunity(page);
  await openForm(page, eid, name);
  const before = await page.getByRole('textbox', { name: 'Probability' }).inputValue();
  const probability = before === '55' ? '60' : '55';
  await setProbability(page, probability);
  const nextStep = page.getByRole('textbox', { name: 'Next Step' });
  await nextStep.fill('Send the revised proposal with the volume discount by Friday');

  const shot = testInfo.outputPath('opportunity-form.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('opportunity-form', { path: shot, contentType: 'image/png' });

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  // What was saved is what the record now holds.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Probability' })).toHaveValue(probability);
  await expect(page.getByRole('textbox', { name: 'Next Step' })).toHaveValue(
    'Send the revised proposal with the volume discount by Friday',
  );

  // The record's view shows the same.
  await page.goto(`/apps/crm/_viewRecord?cid=${eid}`);
  await expect(page.getByRole('heading', { level: 1, name: `View ${name}` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Probability' })).toContainText(probability);
});

test('Update with nothing changed says so, and the record is as it was', async ({ page }, testInfo) => {
  const { eid, name } = await pickOpportunity(page);
  await openForm(page, eid, name);
  const probability = await page.getByRole('textbox', { name: 'Probability' }).inputValue();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('There are no changes to save.')).toBeVisible();
  await expect(page.getByText('Changes saved')).toBeHidden();
  const shot = testInfo.outputPath('nothing-to-save.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('nothing-to-save', { path: shot, contentType: 'image/png' });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Probability' })).toHaveValue(probability);
});

test('two people edit one opportunity in its form: the second save is refused and keeps its edits', async ({
  page,
  browser,
}, testInfo) => {
  const { eid, name } = await pickOpportunity(page);
  const other = await otherWindow(browser, page, testInfo);
  const second = await other.newPage();
  try {
    await openForm(page, eid, name);
    await openForm(second, eid, name);
    const before = await page.getByRole('textbox', { name: 'Probability' }).inputValue();
    const [mine, theirs] = before === '35' ? ['30', '25'] : ['35', before === '30' ? '25' : '30'];

    await setProbability(page, mine);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();

    await setProbability(second, theirs);
    await second.getByRole('textbox', { name: 'Next Step' }).fill('Call the buyer about the contract terms');
    await second.getByRole('button', { name: 'Update' }).click();
    const alert = second.getByRole('alert').filter({ hasText: staleMessage });
    await expect(alert).toBeVisible();
    // The edits stay on screen until the user chooses.
    await expect(second.getByRole('textbox', { name: 'Probability' })).toHaveValue(theirs);
    await expect(second.getByRole('textbox', { name: 'Next Step' })).toHaveValue(
      'Call the buyer about the contract terms',
    );
    const shot = testInfo.outputPath('stale-save.png');
    await second.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('stale-save', { path: shot, contentType: 'image/png' });

    // Reloading shows what the first save stored.
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(second.getByRole('textbox', { name: 'Probability' })).toHaveValue(mine);
    await expect(alert).toBeHidden();
  } finally {
    await other.close();
  }
});

for (const width of [1440, 390]) {
  test(`the opportunity form at ${width} px has no serious accessibility violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { eid, name } = await pickOpportunity(page);
    await openForm(page, eid, name);
    // The opportunity's form page (decision 0094): its activities table at either width.
    await expect(page.getByRole('group', { name: 'Activities' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.pl-record-view').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}
