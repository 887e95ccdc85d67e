import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Permissions } from '../access/Permissions.js';
import type { RequestContext } from '../context.js';
import { AppError } from '../http/errors.js';
import type { Services } from '../services.js';
import { type Caller, resolveCaller, writeLastUsesAfter } from './callerCache.js';
import { safeEqual } from './tokens.js';

export const SESSION_COOKIE = 'plinth_session';
export const CSRF_COOKIE = 'plinth_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a user who must choose a new password may still call: who they are, and the change itself. */
const passwordChangeRoutes: ReadonlySet<string> = new Set(['/auth/me', '/auth/password']);
export const mustChangePasswordMessage = 'Choose a new password to continue.';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Refuses a request whose CSRF header does not match its session's token. */
export function checkCsrf(request: FastifyRequest, csrfToken: string): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, csrfToken)) {
    throw new AppError('forbidden', 'The request is missing its CSRF token. Reload the page and try again.');
  }
}

/**
 * Identifies the caller from a Bearer API token or the session cookie, checks the CSRF token on
 * unsafe cookie requests, and sets `request.ctx`. Unknown callers get 401.
 */
export function authenticate(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { db, clock } = services;
    const authHeader = request.headers.authorization;
    let caller: Caller | undefined;
    if (authHeader?.startsWith('Bearer ')) {
      caller = await resolveCaller(db, clock, 'token', authHeader.slice(7).trim());
      // The token's last use is written after the answer, at most once a minute (decision 0061).
      writeLastUsesAfter(db, reply.raw, request.log);
    } else {
      const token = request.cookies[SESSION_COOKIE];
      caller = token ? await resolveCaller(db, clock, 'session', token) : undefined;
      if (caller?.csrfToken !== undefined && !safeMethods.has(request.method))
        checkCsrf(request, caller.csrfToken);
    }
    // A disabled account is refused on its next call, whatever session or token it comes with.
    if (!caller || caller.account.disabled) throw new AppError('unauthorized', 'Sign in to continue.');
    const { account, tenantId } = caller;
    const { actor } = account;
    // A password an administrator set is changed before anything else (decision 0045).
    if (account.mustChangePassword && !passwordChangeRoutes.has(request.routeOptions.url ?? ''))
      throw new AppError('forbidden', mustChangePasswordMessage, { reason: 'password_change_required' });
    const meta = await services.metaCache.get(db, tenantId, request.log, caller.metaVersion);
    request.ctx = {
      db,
      engine: services.engine,
      tenantId,
      actor,
      schema: meta.schema,
      perms: new Permissions(meta.schema, meta.rules, actor),
      clock,
      metaCache: services.metaCache,
      systemTypes: services.systemTypes,
      files: services.files,
      jobs: services.jobs,
      mail: services.mail,
      definitionMarkers: caller.definitionMarkers,
    };
  };
}
