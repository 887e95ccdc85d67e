import {
  entitiesOfTypeRequest,
  entitiesOfTypeResponse,
  enumValuesResponse,
  errorResponse,
  getEntitiesRequest,
  getEntitiesResponse,
  type LoginRequest,
  loginRequest,
  type Me,
  meResponse,
  type TenantSettings,
  templateReportIdsResponse,
  tenantSettingsResponse,
} from '@plinth/schema';
import { z } from 'zod';
import { csrfFromCookie } from './csrfCookie';

/** A failed call: the server's error code and message (design.md §3 error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  /** Base URL; '' for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type UnauthorizedListener = () => void;

/** How often a refused (429) call is asked again, and the longest Retry-After waited for. */
const maxRetries = 2;
const maxRetryWaitMs = 10_000;

/** A Retry-After in seconds as milliseconds, or null when absent, unreadable or too long to wait. */
export function retryAfterMs(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const ms = Number(header) * 1000;
  return ms <= maxRetryWaitMs ? ms : null;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * The typed API client. Requests and answers are checked against the zod contracts shared with the
 * server (`@plinth/schema`); the session is the HttpOnly cookie, and non-GET calls carry the CSRF
 * token as `x-csrf-token`.
 */
export class ApiClient {
  private csrfToken: string | undefined;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly unauthorizedListeners = new Set<UnauthorizedListener>();
  /** The signed-in tenant's settings, read once per session and shared by every caller. */
  private settings: Promise<TenantSettings> | undefined;

  /** Called when a call answers 401 (the session ended); returns the unsubscribe function. */
  onUnauthorized(listener: UnauthorizedListener): () => void {
    this.unauthorizedListeners.add(listener);
    return () => this.unauthorizedListeners.delete(listener);
  }

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    answer: z.ZodType<T>,
    body?: unknown,
    signal?: AbortSignal,
    conditional?: { ifNoneMatch: string; notModified: () => T },
    write?: { ifMatch: string },
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // A change of one record carries the version read: a newer one answers 412 (decision 0032).
    if (write) headers['if-match'] = write.ifMatch;
    // A cached copy is confirmed by its entity tag: 304 keeps it (the form cache, decision 0075).
    if (conditional) headers['if-none-match'] = conditional.ifNoneMatch;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.csrfToken ?? csrfFromCookie();
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    const send = () =>
      this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    let response = await send();
    // A call refused for being too many (429) was not carried out: it is asked again once the
    // server's Retry-After has passed, when that is soon (the public report's busy answer).
    // Sign-in attempts are not: their limit is the point.
    const retryable = !path.startsWith('/auth/');
    for (let retries = 0; retryable && response.status === 429 && retries < maxRetries; retries++) {
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait === null) break;
      await delay(wait, signal);
      response = await send();
    }
    if (conditional && response.status === 304) return conditional.notModified();
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw this.failure(response, path, json);
    return answer.parse(json);
  }

  /**
   * A POST whose answer is a file (a generated document): its bytes and headers. A refusal throws
   * the ApiError of its JSON error, as `call` does.
   */
  async callForFile(
    path: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<{ blob: Blob; headers: Headers }> {
    const headers: Record<string, string> = { accept: '*/*', 'content-type': 'application/json' };
    const csrf = this.csrfToken ?? csrfFromCookie();
    if (csrf) headers['x-csrf-token'] = csrf;
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw this.failure(response, path, await response.json().catch(() => null));
    return { blob: await response.blob(), headers: response.headers };
  }

  /** The error of a refused call (its JSON error shape, else its status); a 401 ends the session. */
  private failure(response: Response, path: string, json: unknown): ApiError {
    const parsed = errorResponse.safeParse(json);
    if (response.status === 401) this.settings = undefined;
    if (response.status === 401 && path !== '/auth/login' && path !== '/auth/me') {
      for (const listener of this.unauthorizedListeners) listener();
    }
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      return new ApiError(response.status, code, message, details);
    }
    return new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
  }

  async login(request: LoginRequest): Promise<Me> {
    const me = await this.call('POST', '/auth/login', meResponse, loginRequest.parse(request));
    this.csrfToken = me.csrfToken;
    this.settings = undefined;
    return me;
  }

  async me(): Promise<Me> {
    const me = await this.call('GET', '/auth/me', meResponse);
    if (me.csrfToken) this.csrfToken = me.csrfToken;
    return me;
  }

  async logout(): Promise<void> {
    await this.call('POST', '/auth/logout', z.unknown(), {});
    this.csrfToken = undefined;
    this.settings = undefined;
  }

  /**
   * The tenant's settings. The session and every report ask for them; one call serves them all
   * until the session changes. A failed read is not kept, so the next caller asks again.
   */
  tenantSettings(): Promise<TenantSettings> {
    if (!this.settings) {
      const settings = this.call('GET', '/spapi/data/v1/tenantSettings', tenantSettingsResponse);
      this.settings = settings;
      settings.catch(() => {
        if (this.settings === settings) this.settings = undefined;
      });
    }
    return this.settings;
  }

  async getEntities(request: z.input<typeof getEntitiesRequest>, signal?: AbortSignal) {
    return this.call(
      'POST',
      '/spapi/data/v1/entity/query',
      getEntitiesResponse,
      getEntitiesRequest.parse(request),
      signal,
    );
  }

  async entitiesOfType(request: z.input<typeof entitiesOfTypeRequest>, signal?: AbortSignal) {
    return this.call(
      'POST',
      '/spapi/data/v1/entity/ofType',
      entitiesOfTypeResponse,
      entitiesOfTypeRequest.parse(request),
      signal,
    );
  }

  /** A choice type's values, by order then name (the pickers' enum-value lookup). */
  async enumValues(typeId: number | string, signal?: AbortSignal) {
    const path = `/spapi/data/v1/schema/type/${encodeURIComponent(String(typeId))}/enumValues`;
    return (await this.call('GET', path, enumValuesResponse, undefined, signal)).values;
  }

  /** The ids of the template reports (types' default display and picker reports). */
  async templateReportIds(signal?: AbortSignal) {
    return (
      await this.call(
        'GET',
        '/spapi/data/v1/report/templateIds',
        templateReportIdsResponse,
        undefined,
        signal,
      )
    ).reportIds;
  }
}
