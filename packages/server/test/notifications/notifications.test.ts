import { sysField as F, sysRel as R, sysType as T } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../src/auth/contextFor.js';
import { selectLinks } from '../../src/data/entityRepository.js';
import { inTransaction } from '../../src/entities/transaction.js';
import { notifyUsers } from '../../src/notifications/notifyUsers.js';
import { defineType } from '../support/crmSchema.js';
import { createRole } from '../support/roles.js';
import { type Client, engines, startTestApp, type TestApp } from '../support/testApp.js';

const run = (c: Client, body: unknown) => c.post('/spapi/data/v1/notification/run', body);
const list = (c: Client, query = '') => c.get(`/spapi/data/v1/notifications${query}`);
const markRead = (c: Client, id: number | string) => c.post(`/spapi/data/v1/notifications/${id}/read`, {});
const markAll = (c: Client, body: unknown = {}) => c.post('/spapi/data/v1/notifications/read-all', body);

/** Issue 21 item 6: in-app notifications, their rights and the run call (decision 0128). */
describe.each(engines)('notifications on %s', (engine) => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let bobId: number;
  let senderId: number;
  let sender: Client;
  let dealType: number;
  let deal: number;
  let secret: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ({ typeId: dealType } = await defineType(t.admin, 'Deal', []));
    const secretType = (await defineType(t.admin, 'Secret', [])).typeId;
    const made = await t.admin.put([
      { id: 'new:deal', typeId: dealType, fields: { name: 'Big deal' } },
      { id: 'new:secret', typeId: secretType, fields: { name: 'Hidden plan' } },
    ]);
    deal = made.body.ids['new:deal'];
    secret = made.body.ids['new:secret'];
    // Readers read deals; senders also create notifications and see user accounts.
    const readers = await createRole(t.admin, 'Readers', [{ typeId: dealType, canRead: true }]);
    const senders = await createRole(t.admin, 'Senders', [
      { typeId: dealType, canRead: true },
      { typeId: T.notification, canCreate: true },
      { typeId: T.userAccount, canRead: true },
    ]);
    aliceId = await t.addUser('alice', [readers]);
    bobId = await t.addUser('bob', []);
    senderId = await t.addUser('sender', [senders]);
    alice = await t.login('alice');
    bob = await t.login('bob');
    sender = await t.login('sender');
  });
  afterAll(() => t.close());

  it('makes one notification per recipient and record, owned by and linked to its recipient', async () => {
    const answer = await run(t.admin, {
      recipients: [aliceId, bobId, aliceId],
      subject: '  Deal won  ',
      message: 'The big deal closed.\nWell done.',
      recordIds: [deal],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.emailQueued).toBe(false);
    const ids: number[] = answer.body.notificationIds;
    expect(ids).toHaveLength(2);
    const rows = await t.services.db
      .selectFrom('entities')
      .select(['id', 'type_id', 'name', 'owner_id', 'created_by'])
      .where('tenant_id', '=', t.tenantId)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type_id, r.name, r.owner_id, r.created_by])).toEqual([
      [T.notification, 'Deal won', aliceId, t.adminId],
      [T.notification, 'Deal won', bobId, t.adminId],
    ]);
    const recipients = await selectLinks(t.services.db, t.tenantId, R.notificationRecipient, 'fwd', ids);
    expect(recipients.map((l) => [l.fromId, l.toId]).sort()).toEqual([
      [ids[0], aliceId],
      [ids[1], bobId],
    ]);
    const about = await selectLinks(t.services.db, t.tenantId, R.notificationAboutRecord, 'fwd', ids);
    expect(about.map((l) => l.toId)).toEqual([deal, deal]);
  });

  it("lists the caller's own notifications, newest first, with the record they may read", async () => {
    t.clock.time = new Date('2026-03-15T02:00:00.000Z');
    const answer = await run(t.admin, { recipients: [aliceId], subject: 'Later news', message: 'More.' });
    expect(answer.status).toBe(200);
    const mine = await list(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.unreadCount).toBe(2);
    expect(mine.body.limit).toBe(30);
    expect(mine.body.notifications.map((n: { subject: string }) => n.subject)).toEqual([
      'Later news',
      'Deal won',
    ]);
    const won = mine.body.notifications[1];
    expect(won).toMatchObject({
      subject: 'Deal won',
      message: 'The big deal closed.\nWell done.',
      isRead: false,
      emailState: 'none',
      createdAt: '2026-03-15T01:30:00.000Z',
      record: { id: deal, typeId: dealType, name: 'Big deal' },
    });
    // Bob cannot read deals: his notification names no record.
    const his = await list(bob);
    expect(his.body.notifications).toHaveLength(1);
    expect(his.body.notifications[0].record).toBeNull();
    // The administrator reads every notification, yet the bell lists only theirs: none.
    expect((await list(t.admin)).body).toEqual({ notifications: [], unreadCount: 0, limit: 30 });
  });

  it("answers 404 for another user's notification, through the bell and the entity service", async () => {
    const aliceOwn = (await list(alice)).body.notifications[0].id;
    const refused = await markRead(bob, aliceOwn);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('The notification was not found.');
    expect((await bob.read(aliceOwn)).status).toBe(404);
    expect((await bob.put([{ id: aliceOwn, fields: { notificationIsRead: true } }])).status).toBe(404);
    // Not a notification at all, and not a number.
    expect((await markRead(alice, deal)).status).toBe(404);
    expect((await markRead(alice, 'abc')).status).toBe(400);
    expect((await list(alice)).body.unreadCount).toBe(2);
  });

  it('marks one read (again: no change), and refuses the read-only fields to the recipient', async () => {
    const [newest] = (await list(alice)).body.notifications;
    const first = await markRead(alice, newest.id);
    expect(first.status).toBe(200);
    expect(first.body.notification).toMatchObject({ id: newest.id, isRead: true });
    expect(first.body.unreadCount).toBe(1);
    const version = (await alice.read(newest.id)).body.version;
    const again = await markRead(alice, newest.id);
    expect(again.status).toBe(200);
    expect((await alice.read(newest.id)).body.version).toBe(version);
    // The message and email state are the server's to write.
    const edit = await alice.put([{ id: newest.id, fields: { notificationMessage: 'forged' } }]);
    expect(edit.status).toBe(400);
    expect(JSON.stringify(edit.body)).toContain('read-only');
  });

  it('marks all read up to the newest seen, leaving one that came later unread', async () => {
    const seen = (await list(alice)).body.notifications[0].id;
    const later = (await run(t.admin, { recipients: [aliceId], subject: 'Even later' })).body
      .notificationIds[0];
    const answer = await markAll(alice, { upToId: seen });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ marked: 1, unreadCount: 1 });
    const after = await list(alice);
    expect(after.body.notifications.map((n: { id: number; isRead: boolean }) => [n.id, n.isRead])[0]).toEqual(
      [later, false],
    );
    expect((await markAll(alice)).body).toEqual({ marked: 1, unreadCount: 0 });
    // Bob's stay as they were.
    expect((await list(bob)).body.unreadCount).toBe(1);
    expect((await markAll(alice, { upToId: 'x' })).status).toBe(400);
    expect((await markAll(alice, { other: 1 })).status).toBe(400);
  });

  it('clamps the list to 100 and refuses a limit that is not a positive number', async () => {
    expect((await list(alice, '?limit=1000')).body.limit).toBe(100);
    expect((await list(alice, '?limit=1')).body.notifications).toHaveLength(1);
    for (const bad of ['0', '-1', 'abc', '1.5'])
      expect((await list(alice, `?limit=${bad}`)).status, bad).toBe(400);
  });

  it('lets only callers who may create notifications run one, naming users and records they see', async () => {
    const refused = await run(alice, { recipients: [bobId], subject: 'Hi' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('You do not have permission to send notifications.');
    const sent = await run(sender, { recipients: [bobId], subject: 'From a sender', recordIds: [deal] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const row = await t.services.db
      .selectFrom('entities')
      .select(['owner_id', 'created_by'])
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', sent.body.notificationIds[0])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: bobId, created_by: senderId });
    // A record the sender cannot read is not found, and nothing is made.
    const before = (await list(bob)).body.notifications.length;
    const hidden = await run(sender, { recipients: [bobId], subject: 'Psst', recordIds: [deal, secret] });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('A record the notification is about was not found.');
    expect((await list(bob)).body.notifications).toHaveLength(before);
  });

  it('refuses a bad payload with a clear 400', async () => {
    const personId = (await t.admin.put([{ id: 'new:p', typeId: 'core:person', fields: { name: 'Pat' } }]))
      .body.ids['new:p'];
    const notUsers = await run(t.admin, { recipients: [aliceId, personId, 99_999_999], subject: 'x' });
    expect(notUsers.status).toBe(400);
    expect(notUsers.body.error.message).toBe(
      `These recipients are not users you can see: ${personId}, 99999999.`,
    );
    expect(notUsers.body.error.details).toEqual({ recipients: [personId, 99_999_999] });
    const cases: Array<[string, unknown]> = [
      ['no recipients', { recipients: [], subject: 'x' }],
      ['no subject', { recipients: [aliceId], subject: '   ' }],
      ['a two-line subject', { recipients: [aliceId], subject: 'one\ntwo' }],
      ['a long subject', { recipients: [aliceId], subject: 'x'.repeat(201) }],
      ['a long message', { recipients: [aliceId], subject: 'x', message: 'y'.repeat(10_001) }],
      ['a recipient that is not an id', { recipients: ['alice'], subject: 'x' }],
      ['an unknown member', { recipients: [aliceId], subject: 'x', cc: [bobId] }],
      ['email that is not a flag', { recipients: [aliceId], subject: 'x', email: 'yes' }],
      [
        'too many records',
        { recipients: [aliceId], subject: 'x', recordIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      ],
    ];
    for (const [what, body] of cases) {
      const answer = await run(t.admin, body);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error.message, what).toBeTruthy();
    }
    const users = Array.from({ length: 100 }, () => aliceId);
    const records = Array.from({ length: 11 }, () => deal);
    // 100 recipients (one after duplicates) times one record is fine; a real 100 × 11 is not.
    expect((await run(t.admin, { recipients: users, subject: 'x', recordIds: records })).status).toBe(200);
  });

  it("joins the caller's transaction: a rollback leaves no notification", async () => {
    const ctx = await contextFor(t.services, t.tenantId, t.adminId);
    const before = (await list(bob)).body.notifications.length;
    await expect(
      inTransaction(ctx, async (tx) => {
        const ids = await notifyUsers(tx, {
          recipients: [bobId],
          subject: 'Rolled back',
          message: '',
          email: true,
        });
        expect(ids).toHaveLength(1);
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    expect((await list(bob)).body.notifications).toHaveLength(before);
    // Asked for email without SMTP: none is queued and the state says so.
    const [id] = await notifyUsers(ctx, {
      recipients: [bobId],
      subject: 'A long\r\nsubject',
      message: 'z'.repeat(10_050),
      email: true,
    });
    const [row] = (await list(bob)).body.notifications;
    expect(row).toMatchObject({ id, subject: 'A long subject', emailState: 'none' });
    expect([...row.message]).toHaveLength(10_000);
    expect(row.message.endsWith('…')).toBe(true);
    const stored = await t.services.db
      .selectFrom('entities')
      .select('data')
      .where('tenant_id', '=', t.tenantId)
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    const data = typeof stored.data === 'string' ? JSON.parse(stored.data) : stored.data;
    expect(data[F.notificationEmailState]).toBe('none');
  });
});
