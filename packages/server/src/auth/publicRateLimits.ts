import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.js';
import type { Services } from '../services.js';
import { SESSION_COOKIE } from './authenticate.js';
import { resolveCaller, writeLastUsesAfter } from './callerCache.js';

/** How many anonymous calls the public API answers in a window, per address and per report. */
export interface PublicRateLimits {
  /** Calls one address may make (PLINTH_PUBLIC_RATE_PER_ADDRESS, default 120). */
  publicRatePerAddress: number;
  /** Calls all anonymous callers together may make to one public report (PLINTH_PUBLIC_RATE_PER_REPORT, default 1200). */
  publicRatePerReport: number;
  /** The window, in seconds (PLINTH_PUBLIC_RATE_WINDOW_SECONDS, default 60). */
  publicRateWindowSeconds: number;
  /** Anonymous calls the server works on at once; more are refused (PLINTH_PUBLIC_CONCURRENCY, default 2). */
  publicConcurrency?: number;
  /** The share of the server's time anonymous calls may take (PLINTH_PUBLIC_TIME_PERCENT, default 10 %). */
  publicTimeShare?: number;
}

export const defaultPublicRateLimits: PublicRateLimits = {
  publicRatePerAddress: 120,
  publicRatePerReport: 1200,
  publicRateWindowSeconds: 60,
  publicConcurrency: 2,
  publicTimeShare: 0.1,
};

/** The anonymous part of the API: public reports and any call made for them. */
export const publicApiPrefix = '/spapi/data/v1/public/';

/**
 * Limits anonymous calls to the public API (issue 14, item 4): one address cannot take more than
 * its share, all addresses together cannot take more of one report than the limit, and the server
 * works on only a few anonymous calls at once and gives them only a share of its time, so a flood
 * answers 429 with Retry-After instead of
 * stalling the server (decision 0054). A caller with a valid session or API token is not limited.
 * Registered before the public routes: it adds itself to each as it is added.
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
  const atOnce = limits.publicConcurrency ?? defaultPublicRateLimits.publicConcurrency!;
  let working = 0;
  const anonymous = new WeakSet<FastifyRequest>();
  const holding = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (holding.delete(request)) working--;
  };
  // The time anonymous calls may still take, in ms: it grows by the share of every millisecond
  // that passes, up to a second's share, and each anonymous call spends what it took.
  const share = limits.publicTimeShare ?? defaultPublicRateLimits.publicTimeShare!;
  let allowance = 1000 * share;
  let at = performance.now();
  const refill = () => {
    const now = performance.now();
    allowance = Math.min(1000 * share, allowance + (now - at) * share);
    at = now;
    return allowance;
  };
  const startedAt = new WeakMap<FastifyRequest, number>();
  /** Seconds to wait when the server is busy with anonymous calls: as many at once as it takes, or their share of its time spent. */
  const busyFor = (): number | undefined => {
    if (working >= atOnce) return 1;
    if (refill() <= 0) return Math.max(1, Math.ceil(-allowance / share / 1000));
    return undefined;
  };
  // Before the body is read: a refusal at once when the server is busy, then the limits.
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await isSignedIn(services, request, reply)) return;
    const busy = busyFor();
    if (busy !== undefined) return refuse(reply, busy);
    for (const limiter of [perAddress, perReport]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) return refuse(reply, result.ttlInSeconds);
    }
    anonymous.add(request);
  };
  // Once the body is in (a caller sending it slowly holds no place), before any work: a place among
  // the anonymous calls being worked on and answered. It is given back once the answer has gone
  // out or the caller is gone, so the next anonymous call waits for the server to have answered
  // an earlier one, with other callers' calls in between; and at the latest a second after the
  // answer was ready, so a caller that does not read its answer cannot keep the place.
  const take = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!anonymous.has(request)) return;
    const busy = busyFor();
    if (busy !== undefined) return refuse(reply, busy);
    working++;
    holding.add(request);
    startedAt.set(request, performance.now());
    reply.raw.once('close', () => release(request));
  };
  const answered = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!holding.has(request)) return payload;
    refill();
    allowance -= performance.now() - startedAt.get(request)!;
    setTimeout(() => release(request), 1000).unref();
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(publicApiPrefix)) return;
    route.onRequest = [...hooks(route.onRequest), check];
    route.preHandler = [...hooks(route.preHandler), take];
    route.onSend = [...hooks(route.onSend), answered];
  });
}

/** A route's hooks of one kind as a list. */
function hooks<T>(existing: T | T[] | undefined): T[] {
  return existing === undefined ? [] : ([existing].flat() as T[]);
}

/**
 * Answers 429 too_many_requests, saying when to try again; sent from the hook rather than thrown, as
 * a flood is answered thousands of times a second.
 */
function refuse(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send(errorBody('too_many_requests', 'Too many requests. Try again later.', { retryAfterSeconds }));
}

/** The report a public call is about: its tenant and id, as the address names them. */
function reportKey(request: FastifyRequest): string {
  const params = (request.params ?? {}) as { tenant?: string; reportId?: string };
  return `${String(params.tenant ?? '').toLowerCase()}/${String(params.reportId ?? '')}`;
}

/** True when the request carries a session or API token that is valid now. */
async function isSignedIn(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const caller = await resolveCaller(services.db, services.clock, 'token', auth.slice(7).trim());
    writeLastUsesAfter(services.db, reply.raw, request.log);
    return caller !== undefined;
  }
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? (await resolveCaller(services.db, services.clock, 'session', token)) !== undefined : false;
}
