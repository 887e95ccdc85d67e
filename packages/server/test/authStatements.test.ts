import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { executed } from './support/executedStatements.js';
import { Client, engines, startTestApp, type TestApp } from './support/testApp.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Issue 15 item 2, decision 0061: a caller whose session or API token this process has resolved
 * costs one statement (its tenant's markers with the metamodel version), where it cost 4 (the
 * session, the account, its roles, the metamodel version) and a token 5 (and a write of its last
 * use, on every request).
 */
describe.each(engines)('the statements of authentication on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The tenant's metamodel, loaded once by the meta cache all the apps below share.
    expect((await t.admin.get('/auth/me')).status).toBe(200);
  });
  afterAll(() => t?.close());

  /** `/auth/me` reads the user's record itself: one statement after authentication. */
  async function statementsOfMe(client: Client, rec: ReturnType<typeof executed>) {
    rec.statements.length = 0;
    const me = await client.get('/auth/me');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    return rec.statements.map((s) => s.sql);
  }

  it('checks a kept session with one statement', async () => {
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db });
    const client = new Client(app, t.admin.auth);
    // The first request reads the session with the markers, then the account and its roles.
    const first = await statementsOfMe(client, rec);
    expect(first.length, first.join('\n\n')).toBe(4);
    const kept = await statementsOfMe(client, rec);
    expect(kept.length, kept.join('\n\n')).toBe(2);
    expect(kept[0]).toContain('sign_in_markers');
    await app.close();
  });

  it('checks a kept session with one statement for requests at the same time too', async () => {
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db });
    const client = new Client(app, t.admin.auth);
    await statementsOfMe(client, rec);
    rec.statements.length = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/auth/me')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // Each checks the markers and reads the user: none reads the session while another checks it.
    const sqls = rec.statements.map((s) => s.sql);
    expect(sqls.filter((s) => /sign_in_markers/.test(s))).toHaveLength(8);
    expect(
      sqls.filter((s) => /\bsessions\b/.test(s)),
      sqls.join('\n\n'),
    ).toEqual([]);
    await app.close();
  });

  it('checks a kept API token with one statement, and writes its last use after the answer, once a minute', async () => {
    const made = await t.admin.post('/spapi/data/v1/apiTokens', { name: 'Counted' });
    expect(made.status).toBe(200);
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db });
    const client = new Client(app, { bearer: made.body.token });
    const writes = () => rec.statements.filter((s) => /^update "api_tokens"/i.test(s.sql)).length;
    const lastUse = async () =>
      (
        await t.services.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', made.body.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;

    t.clock.time = new Date('2026-03-20T10:00:00.000Z');
    await statementsOfMe(client, rec);
    await vi.waitFor(() => expect(writes()).toBe(1));
    expect(await lastUse()).toBe('2026-03-20T10:00:00.000Z');

    // Within the minute: one statement, and no write.
    t.clock.time = new Date('2026-03-20T10:00:59.000Z');
    const kept = await statementsOfMe(client, rec);
    expect(kept.length, kept.join('\n\n')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes()).toBe(0);
    expect(await lastUse()).toBe('2026-03-20T10:00:00.000Z');

    // A minute on, the use is written again, after the answer: not one of the request's statements.
    t.clock.time = new Date('2026-03-20T10:01:00.000Z');
    await statementsOfMe(client, rec);
    await vi.waitFor(async () => expect(await lastUse()).toBe('2026-03-20T10:01:00.000Z'));
    // Written once the answer had gone: after the request's own read of the user.
    const sqls = rec.statements.map((s) => s.sql);
    expect(sqls.findIndex((s) => /^update/i.test(s))).toBeGreaterThan(
      sqls.findIndex((s) => /^select "name"/.test(s)),
    );
    await app.close();
  });

  it('reads a kept session again once a session of its tenant has ended, and still answers it', async () => {
    const rec = executed(t.services.db);
    const app = await buildApp({ ...t.services, db: rec.db });
    const client = new Client(app, t.admin.auth);
    await statementsOfMe(client, rec);
    const other = await t.login('admin');
    expect((await other.post('/auth/logout')).status).toBe(200);
    // The markers moved: the session, the account and its roles are read again.
    expect((await statementsOfMe(client, rec)).length).toBe(5);
    expect((await statementsOfMe(client, rec)).length).toBe(2);
    await app.close();
  });
});
