import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commitsInGroups, type DurableMark, durableMark } from '../db/groupCommit.js';

/**
 * On a database that commits in groups (SQLite, decision 0149) a request's reads may see writes
 * whose group is not yet durable: no answer leaves before it is, and an answer that may rest on a
 * group that failed to commit since the request came in becomes that failure.
 */
export function answerOnceDurable(app: FastifyInstance, db: object): void {
  if (!commitsInGroups(db)) return;
  const marks = new WeakMap<FastifyRequest, DurableMark>();
  app.addHook('onRequest', async (request) => {
    marks.set(request, durableMark(db));
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    await (marks.get(request) ?? durableMark(db)).durable();
    return payload;
  });
}
