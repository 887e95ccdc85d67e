import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CoherenceCase, coherenceCases, type Setup, type Side } from './coherence/coherenceCases.js';
import { startTwoApps, type TwoApps } from './coherence/twoApps.js';
import { createRoleWithRules } from './support/roles.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Issue 15 item 4, decision 0052: two servers on one PostgreSQL database, a write through one seen
 * by the very next read through the other, for every read a server may answer from what it keeps.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let w: TwoApps;
  let a: Side;
  let b: Side;

  beforeAll(async () => {
    w = await startTwoApps();
    a = { name: 'A', admin: w.t.admin, as: (client) => client };
    b = { name: 'B', admin: w.onB(w.t.admin), as: w.onB };
  });
  afterAll(() => w?.close());

  const setupFor = (index: number): Setup => {
    const key = `C${index}`;
    return {
      t: w.t,
      admin: w.t.admin,
      key,
      async userWith(grants) {
        const username = `user${index}`;
        const role = await createRoleWithRules(w.t.admin, `${key} role`, grants);
        const id = await w.t.addUser(username, [role.id]);
        return { id, username, roleId: role.id, rules: role.rules, client: await w.t.login(username) };
      },
    };
  };

  it.each(coherenceCases.map((c, i) => [c.name, c, i] as const))(
    '%s: a write through A is read through B at once',
    async (_name, c: CoherenceCase, index) => {
      const s = await c.arrange(setupFor(index));
      // Both servers read first, so whatever they keep is filled before the write.
      expect(await c.read(b, s), 'B before the write').toEqual(c.before);
      expect(await c.read(a, s), 'A before the write').toEqual(c.before);
      await c.write(a, s);
      expect(await c.read(b, s), 'B after the write').toEqual(c.after);
      expect(await c.read(a, s), 'A after the write').toEqual(c.after);
    },
  );

  it('the other way round too: a write through B is read through A', async () => {
    const c = coherenceCases[0]!;
    const s = await c.arrange(setupFor(coherenceCases.length));
    expect(await c.read(a, s)).toEqual(c.before);
    await c.write(b, s);
    expect(await c.read(a, s)).toEqual(c.after);
  });
});
