import type { FastifyInstance } from 'fastify';
import { commitsInGroups, whenDurable } from '../db/groupCommit.js';

/**
 * On a database that commits in groups (SQLite, decision 0149) a request's reads may see writes
 * whose group is not yet durable: no answer leaves before it is, and an answer built on a group
 * that failed to commit becomes that failure.
 */
export function answerOnceDurable(app: FastifyInstance, db: object): void {
  if (!commitsInGroups(db)) return;
  app.addHook('onSend', async (_request, _reply, payload) => {
    await whenDurable(db);
    return payload;
  });
}
