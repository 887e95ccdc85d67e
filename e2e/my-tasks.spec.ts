import { expect, type Page, test } from '@playwright/test';
import { seriousFindings } from './runnerAxe';

/** The signed-in browser's CSRF header, for the calls the journey makes to find its record. */
async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
  return { 'x-csrf-token': csrf };
}

interface Opportunity {
  id: number;
  name: string;
  stage?: { name: string } | null;
  account?: { id: number; name: string } | null;
}

/** An opportunity not yet won, with an account (the task goes to the account's owner). */
async function openOpportunity(page: Page): Promise<Opportunity> {
  const answer = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers: await csrfHeaders(page),
    data: { typeId: 'crm:opportunity', query: 'name,stage,account', pageSize: 100, startIndex: 40 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { entities } = (await answer.json()) as { entities: Opportunity[] };
  const open = entities.filter((o) => o.stage?.name !== 'Closed Won' && o.stage?.name !== 'Closed Lost');
  // A different one each run, so the journey can run again on the same data.
  const picked = open[Math.floor(Date.now() / 1000) % open.length];
  expect(picked, 'an opportunity that is still open').toBeDefined();
  return picked!;
}

const bellName = (count: number) => (count === 0 ? 'Notifications' : `Notifications, ${count} unread`);

async function unreadCount(page: Page): Promise<number> {
  const answer = await page.request.get('/spapi/data/v1/notifications?limit=1');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { unreadCount: number }).unreadCount;
}

/**
 * Issue 21 (items 5 and 8, decision 0131): "Mark won" on an opportunity closes it and gives the
 * account's owner a follow-up task; the owner finds it in My tasks, opens it on its record's form,
 * completes it, and finds it under Done.
 */
test('mark an opportunity won, then find its follow-up task in My tasks and complete it', async ({
  page,
}, testInfo) => {
  const opportunity = await openOpportunity(page);
  await page.goto(`/apps/crm/_editRecord?cid=${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${opportunity.name}` })).toBeVisible();
  const unread = await unreadCount(page);
  await expect(page.getByRole('banner').getByRole('button', { name: bellName(unread) })).toBeVisible();

  await expect(page.getByLabel('Stage')).not.toContainText('Closed Won');
  await page.getByRole('button', { name: 'Mark won' }).click();
  await expect(page.getByText('Mark won completed')).toBeVisible();
  // The form reads the record again: its stage is now Closed Won.
  await expect(page.getByLabel('Stage')).toContainText('Closed Won');
  // The owner was told: the bell counts one more unread.
  await expect(page.getByRole('banner').getByRole('button', { name: bellName(unread + 1) })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('marked-won.png'), fullPage: true });

  // My tasks, from the app menu.
  await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'My tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My tasks' })).toBeVisible();
  const accountName = opportunity.account?.name ?? '';
  const title = `Call ${accountName} to thank them`;
  await expect(page).toHaveTitle('My tasks · Plinth');
  const about = `About Thank-you call: ${opportunity.name}`;
  const open = page.getByRole('list', { name: 'Open tasks' });
  const item = open.getByRole('listitem').filter({ hasText: title }).filter({ hasText: about });
  await expect(item).toBeVisible();
  // Due in two days (the workflow's), so not overdue.
  await expect(item).toContainText(/Due \d{2}\/\d{2}\/\d{4}$/);
  await page.screenshot({ path: testInfo.outputPath('my-tasks.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  // The task opens its record's form (the follow-up activity) with the task above it.
  await item.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_tasks\/\d+/);
  const banner = page.getByRole('region', { name: 'Task' });
  await expect(banner).toContainText(`Task: ${title}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Edit Thank-you call: ${opportunity.name}` }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('task.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
  await banner.getByRole('button', { name: 'Complete task' }).click();
  await expect(page.getByText(`Task completed: ${title}`)).toBeVisible();
  await expect(banner).toContainText('Completed');
  await expect(banner.getByRole('button', { name: 'Complete task' })).toHaveCount(0);

  // Back in My tasks, it is under Done.
  await page.getByRole('navigation', { name: 'App menu' }).getByRole('link', { name: 'My tasks' }).click();
  await page.getByRole('tab', { name: /^Done/ }).click();
  await expect(page).toHaveURL(/\/apps\/crm\/_tasks\?state=done$/);
  const done = page.getByRole('list', { name: 'Done tasks' }).getByRole('listitem');
  // Done lists the last completed first.
  await expect(done.first()).toContainText(title);
  await expect(done.first()).toContainText(about);
  await expect(done.first()).toContainText(/Completed \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('list', { name: 'Open tasks' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('done.png'), fullPage: true });
});
