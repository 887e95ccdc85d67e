import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, timedOut } from './errors.js';

/**
 * Maps every failure to the JSON error shape: expected ones with their status, anything else a
 * 500 with no detail (it is logged with its stack, never sent).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  tagWithRequestId(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'timeout') request.log.warn({ err: error }, 'statement timed out');
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send(errorBody('bad_request', 'The request is not valid.', details));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(errorBody('conflict', 'Another record already has this alias.'));
    }
    if (isStatementTimeout(error)) {
      // PostgreSQL cancelled a statement at statement_timeout (SQLite's deadline throws timedOut itself).
      const answer = timedOut();
      request.log.warn({ err: error }, 'statement timed out');
      return reply.status(answer.status).send(errorBody(answer.code, answer.message));
    }
    if (isDataException(error)) {
      // The database refused a value the request carried (a NUL character, a number out of
      // range): the caller's input, not our fault. Logged, so the missing check can be added.
      request.log.warn({ err: error }, 'database refused a request value');
      return reply.status(400).send(errorBody('bad_request', 'A value in the request is not valid.'));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(errorBody('unsupported_media_type', 'Send the request body as application/json.'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('payload_too_large', 'The request body is too large.'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody('too_many_requests', 'Too many attempts. Try again later.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(400).send(errorBody('bad_request', error.message || 'The request is not valid.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'Unexpected error.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
  });
}

/** PostgreSQL's query_canceled (SQLSTATE 57014): here, always statement_timeout. */
function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown }).code === '57014';
}

/**
 * Every answer names its request in `x-request-id`: the id Fastify writes as `reqId` on the
 * request's log lines. The body of a server-side failure (5xx), whose cause only the log holds,
 * carries it too as `error.requestId`, so a user's report of the error leads to its log line; a
 * 4xx body already says all there is (decision 0042). Registered before compression, so the body
 * is still text here.
 */
function tagWithRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (reply.statusCode < 500 || typeof payload !== 'string' || !payload.startsWith(errorPrefix))
      return payload;
    return `${errorPrefix}"requestId":${JSON.stringify(request.id)},${payload.slice(errorPrefix.length)}`;
  });
}

const errorPrefix = '{"error":{';

/** A PostgreSQL "data exception" (SQLSTATE class 22): a value that cannot be stored or compared. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** A unique index refused a write (SQLite or PostgreSQL); the only unique value users set is an alias. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Errors Fastify raises while routing, before any handler or error handler runs (a path segment
 * too long, a URL that does not decode): the same JSON shape as every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(errorBody('uri_too_long', 'A part of the address is too long.'));
    return;
  }
  reply.status(400).send(errorBody('bad_request', 'The address of the request is not valid.'));
}
