import { expect, type Page, test } from '@playwright/test';

/** The signed-in browser's session calls: the CSRF header a write carries. */
async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plinth_csrf')?.value ?? '';
  return { 'x-csrf-token': csrf };
}

const unreadCount = async (page: Page): Promise<number> => {
  const answer = await page.request.get('/spapi/data/v1/notifications?limit=1');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { unreadCount: number }).unreadCount;
};

const bellName = (count: number) => (count === 0 ? 'Notifications' : `Notifications, ${count} unread`);

/**
 * Issue 21 item 6 (decision 0128): a notification sent through the spec's call shows in the
 * header's bell as one more unread; the user opens the bell, reads it, follows its link to the
 * account, and the notification is read.
 */
test('a notification sent through the API shows in the bell, and opening it marks it read', async ({
  page,
}) => {
  await page.goto('/apps/crm');
  await expect(page.getByRole('heading', { name: 'Sales pipeline' })).toBeVisible();
  const headers = await csrfHeaders(page);
  const me = (await (await page.request.get('/auth/me')).json()) as { userId: number };
  const accounts = await page.request.post('/spapi/data/v1/entity/ofType', {
    headers,
    data: { typeId: 'crm:account', pageSize: 1 },
  });
  const account = ((await accounts.json()) as { entities: Array<{ id: number; name: string }> }).entities[0]!;

  const before = await unreadCount(page);
  const subject = `Review the account ${Date.now().toString(36)}`;
  const sent = await page.request.post('/spapi/data/v1/notification/run', {
    headers,
    data: {
      recipients: [me.userId],
      subject,
      message: 'The renewal is due this week.',
      recordIds: [account.id],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The bell asks again when the page shows again; a reload shows it at once.
  await page.reload();
  const bell = page.getByRole('banner').getByRole('button', { name: bellName(before + 1) });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByRole('listitem').filter({ hasText: subject });
  await expect(item).toContainText('Unread:');
  await expect(item).toContainText('The renewal is due this week.');
  await expect(item).toContainText('just now');
  await item.getByRole('link', { name: `Open ${account.name}` }).click();

  // The account's record opens and the notification is read.
  await expect(page).toHaveURL(new RegExp(`/apps/crm/_viewRecord\\?cid=${account.id}&formMode=view$`));
  await expect(popover).toBeHidden();
  await expect(page.getByRole('button', { name: bellName(before) })).toBeVisible();
  expect(await unreadCount(page)).toBe(before);
  await page.getByRole('button', { name: bellName(before) }).click();
  const read = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: subject });
  await expect(read).not.toContainText('Unread:');
  await expect(read.getByRole('button', { name: /Mark read/ })).toHaveCount(0);
});
