import { loginRequest, meResponse, sysField } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSignIn } from '../audit/signInAudit.js';
import { parseData } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { AppError, errorBody } from '../http/errors.js';
import type { Services } from '../services.js';
import { authenticate, CSRF_COOKIE, checkCsrf, SESSION_COOKIE } from './authenticate.js';
import {
  checkPassword,
  createApiToken,
  createSession,
  deleteApiToken,
  deleteSession,
  findSession,
  listApiTokens,
  loadAccount,
  SESSION_DAYS,
} from './authService.js';
import { writeLastUses } from './callerCache.js';

/** Sign-in, sign-out, the current user and personal API tokens. */
export async function authRoutes(
  app: FastifyInstance,
  services: Services,
  options: { secureCookies: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookie = {
    path: '/',
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    maxAge: SESSION_DAYS * 86_400,
  };

  const perAccount = app.createRateLimit({
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const body = request.body as { tenant: string; username: string };
      return `login|${request.ip}|${body.tenant.toLowerCase()}|${body.username.toLowerCase()}`;
    },
  });

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in to a tenant',
        body: loginRequest,
        response: { 200: meResponse },
      },
      // A generous limit per address (an office shares one), and a strict one per account.
      config: { rateLimit: { max: 100, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { tenant, username, password } = request.body;
      const attempt = await perAccount(request);
      if (!attempt.isAllowed && attempt.isExceeded)
        throw new AppError('too_many_requests', 'Too many attempts. Try again later.');
      const who = await checkPassword(services.db, tenant, username, password);
      await auditSignIn(services, { tenant, username, address: request.ip }, who);
      if (!who) throw new AppError('unauthorized', 'The tenant, user name or password is not correct.');
      // Said only to someone who knows the password.
      if (who.disabled)
        throw new AppError('unauthorized', 'This account is disabled. Ask an administrator to enable it.');
      const { token, csrfToken } = await createSession(services.db, services.clock, who.tenantId, who.userId);
      reply.setCookie(SESSION_COOKIE, token, { ...cookie, httpOnly: true });
      reply.setCookie(CSRF_COOKIE, csrfToken, { ...cookie, httpOnly: false });
      const account = await loadAccount(services.db, who.tenantId, who.userId);
      return {
        tenantId: who.tenantId,
        userId: who.userId,
        username,
        isAdmin: account?.actor.isAdmin ?? false,
        roleIds: [...(account?.actor.roleIds ?? [])],
        mustChangePassword: account?.mustChangePassword ?? false,
        csrfToken,
      };
    },
  );

  r.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Sign out' } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(services.db, services.clock, token) : undefined;
    if (session) {
      // Ending a session is a change like any other: another site must not do it for the user.
      checkCsrf(request, session.csrfToken);
      await deleteSession(services.db, token!);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
    return { ok: true };
  });

  await app.register(async (scoped) => {
    scoped.addHook('onRequest', authenticate(services));
    const s = scoped.withTypeProvider<ZodTypeProvider>();
    s.get(
      '/auth/me',
      { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponse } } },
      async (request) => {
        const { actor } = request.ctx;
        // Read directly: users may not be allowed to read user accounts, their own included.
        const user = await systemQuery(services.db, 'own account')
          .selectFrom('entities')
          .select(['name', 'data'])
          .where('tenant_id', '=', actor.tenantId)
          .where('id', '=', actor.userId)
          .executeTakeFirst();
        return {
          tenantId: actor.tenantId,
          userId: actor.userId,
          username: user?.name ?? null,
          isAdmin: actor.isAdmin,
          roleIds: [...actor.roleIds],
          mustChangePassword: user ? parseData(user.data)[sysField.mustChangePassword] === true : false,
        };
      },
    );
    s.get(
      '/spapi/data/v1/apiTokens',
      { schema: { tags: ['auth'], summary: 'My API tokens' } },
      async (request) => {
        // The uses noted by this process, this call's own included, are written first.
        await writeLastUses(services.db);
        return { tokens: await listApiTokens(request.ctx, request.ctx.actor.userId) };
      },
    );
    s.post(
      '/spapi/data/v1/apiTokens',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create a personal API token (its secret is shown once), optionally expiring',
          body: z
            .object({
              name: z.string().min(1).max(100),
              /** Days until the token is refused (1 to 3650); without it the token does not expire. */
              expiresInDays: z.number().int().min(1).max(3650).optional(),
            })
            .strict(),
        },
      },
      async (request) => {
        const { id, secret, expiresAt } = await createApiToken(
          services.db,
          services.clock,
          request.ctx.tenantId,
          request.ctx.actor.userId,
          request.body.name,
          request.body.expiresInDays,
        );
        return { id, name: request.body.name, token: secret, expiresAt };
      },
    );
    s.delete(
      '/spapi/data/v1/apiTokens/:id',
      {
        schema: {
          tags: ['auth'],
          summary: 'Revoke an API token',
          params: z.object({ id: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const ok = await deleteApiToken(request.ctx, request.ctx.actor.userId, request.params.id);
        if (!ok) return reply.status(404).send(errorBody('not_found', 'The token was not found.'));
        return { ok: true };
      },
    );
  });
}
