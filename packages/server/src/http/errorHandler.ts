import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from './errors.js';

/**
 * Maps every failure to the JSON error shape: expected ones with their status, anything else a
 * 500 with no detail (it is logged with its stack, never sent).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send(errorBody('bad_request', 'The request is not valid.', details));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(errorBody('conflict', 'Another record already has this alias.'));
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

/** A unique index refused a write (SQLite or PostgreSQL); the only unique value users set is an alias. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
