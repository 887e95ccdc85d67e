import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import type { Services } from '../services.js';
import { SESSION_COOKIE } from './authenticate.js';
import { findApiToken, findSession } from './authService.js';

/** How many anonymous calls the public API answers in a window, per address and per report. */
export interface PublicRateLimits {
  /** Calls one address may make (PLINTH_PUBLIC_RATE_PER_ADDRESS, default 120). */
  publicRatePerAddress: number;
  /** Calls all anonymous callers together may make to one public report (PLINTH_PUBLIC_RATE_PER_REPORT, default 1200). */
  publicRatePerReport: number;
  /** The window, in seconds (PLINTH_PUBLIC_RATE_WINDOW_SECONDS, default 60). */
  publicRateWindowSeconds: number;
}

export const defaultPublicRateLimits: PublicRateLimits = {
  publicRatePerAddress: 120,
  publicRatePerReport: 1200,
  publicRateWindowSeconds: 60,
};

/** The anonymous part of the API: public reports and any call made for them. */
export const publicApiPrefix = '/spapi/data/v1/public/';

/**
 * Limits anonymous calls to the public API (issue 14, item 4): one address cannot take more than
 * its share, and all addresses together cannot take more of one report than the limit, so a flood
 * answers 429 with Retry-After instead of stalling the server. A caller with a valid session or API
 * token is not limited. Registered before the public routes: it adds itself to each as it is added.
 */
export function limitPublicCalls(app: FastifyInstance, services: Services, limits: PublicRateLimits): void {
  const timeWindow = limits.publicRateWindowSeconds * 1000;
  const perAddress = app.createRateLimit({
    max: limits.publicRatePerAddress,
    timeWindow,
    keyGenerator: (request) => request.ip,
  });
  const perReport = app.createRateLimit({
    max: limits.publicRatePerReport,
    timeWindow,
    keyGenerator: (request) => reportKey(request),
  });
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await isSignedIn(services, request)) return;
    for (const limiter of [perAddress, perReport]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('too_many_requests', 'Too many requests. Try again later.', {
          retryAfterSeconds: result.ttlInSeconds,
        });
      }
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(publicApiPrefix)) return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...existing, check];
  });
}

/** The report a public call is about: its tenant and id, as the address names them. */
function reportKey(request: FastifyRequest): string {
  const params = (request.params ?? {}) as { tenant?: string; reportId?: string };
  return `${String(params.tenant ?? '').toLowerCase()}/${String(params.reportId ?? '')}`;
}

/** True when the request carries a session or API token that is valid now. */
async function isSignedIn(services: Services, request: FastifyRequest): Promise<boolean> {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer '))
    return (await findApiToken(services.db, services.clock, auth.slice(7).trim())) !== undefined;
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? (await findSession(services.db, services.clock, token)) !== undefined : false;
}
