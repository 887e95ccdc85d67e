import {
  changePasswordRequest,
  changePasswordResponse,
  sysField as F,
  ownSessionsResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemQuery } from '../data/systemQuery.js';
import { putEntities } from '../entities/putEntities.js';
import { inTransaction } from '../entities/transaction.js';
import { AppError, notFound } from '../http/errors.js';
import { withAdminRights } from '../users/systemActor.js';
import { refuseWeakPassword } from '../users/userAdmin.js';
import { SESSION_COOKIE } from './authenticate.js';
import {
  endSession,
  endSessions,
  listSessions,
  sessionIdOf,
  setPassword,
  verifyUserPassword,
} from './authService.js';

/**
 * The signed-in user's own account (the "My account" page, decision 0045): change the password
 * (the current one required; other sessions end) and see or end their sessions. API tokens have
 * their calls in authRoutes.ts.
 */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const currentSessionId = (cookie: string | undefined) => (cookie ? sessionIdOf(cookie) : undefined);

  r.post(
    '/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change my password (the current one is required); my other sessions end',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse },
      },
      // Guessing the current password from a session left open is slow.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { ctx } = request;
      const { currentPassword, newPassword } = request.body;
      const userId = ctx.actor.userId;
      if (!(await verifyUserPassword(ctx, userId, currentPassword)))
        throw new AppError('validation_failed', 'The current password is not correct.', {
          errors: [{ member: 'currentPassword', message: 'The current password is not correct.' }],
        });
      const me = await systemQuery(ctx.db, 'own account')
        .selectFrom('entities')
        .select('name')
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', userId)
        .executeTakeFirst();
      refuseWeakPassword(newPassword, me?.name ?? null, 'newPassword');
      if (newPassword === currentPassword)
        throw new AppError('validation_failed', 'Choose a password other than the current one.', {
          errors: [{ member: 'newPassword', message: 'Choose a password other than the current one.' }],
        });
      const endedSessions = await inTransaction(ctx, async (tx) => {
        await setPassword(tx.db, tx.tenantId, userId, newPassword);
        await putEntities(
          withAdminRights(tx),
          { entities: [{ id: userId, fields: { mustChangePassword: false } }], deleted: [] },
          { serverFields: new Set([F.mustChangePassword]) },
        );
        return endSessions(tx, userId, currentSessionId(request.cookies[SESSION_COOKIE]));
      });
      return { ok: true as const, endedSessions };
    },
  );

  r.get(
    '/auth/sessions',
    { schema: { tags: ['auth'], summary: 'My sessions', response: { 200: ownSessionsResponse } } },
    async (request) => {
      const { ctx } = request;
      const current = currentSessionId(request.cookies[SESSION_COOKIE]);
      const sessions = await listSessions(ctx, ctx.actor.userId);
      return { sessions: sessions.map((s) => ({ ...s, current: s.id === current })) };
    },
  );

  r.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions',
        params: z.object({ id: z.string().max(100) }),
      },
    },
    async (request) => {
      const { ctx } = request;
      if (!(await endSession(ctx, ctx.actor.userId, request.params.id)))
        throw notFound('The session was not found.');
      return { ok: true };
    },
  );
}
