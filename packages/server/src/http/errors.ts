/** Codes of the errors the API answers with; the HTTP status of each is set here, in one place. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  precondition_required: 428,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
  /** A statement ran past the statement timeout (PLINTH_STATEMENT_TIMEOUT_MS) and was stopped. */
  timeout: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** An expected failure with a user-facing message; the HTTP layer turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'The record was not found.') => new AppError('not_found', what);
export const forbidden = (what = 'You do not have permission to do this.') => new AppError('forbidden', what);
/** A statement of the request ran past the statement timeout (SQLite's deadline, PostgreSQL's 57014). */
export const timedOut = () =>
  new AppError(
    'timeout',
    'The request took too long and was stopped. Ask for less (fewer columns, steps or rows, or a narrower filter) and try again.',
  );
export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);

/**
 * A message for a stored JSON document that does not have its shape: the caller's sentence, then
 * where and what the first problem is ('The report definition is not valid. At columns.0.fieldId:
 * Invalid input: expected number, received string.'), with the first problems as details.
 */
export function invalidShape(
  what: string,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): AppError {
  const first = issues[0];
  if (!first) return badRequest(what);
  const path = first.path.map(String).join('.');
  const problem = first.message.replace(/\.?$/, '.');
  return badRequest(`${what} ${path ? `At ${path}: ` : ''}${problem}`, issues.slice(0, 10));
}

/**
 * The body of every error answer (design.md §3). A 5xx answer's `requestId` is added as it is sent
 * (errorHandler.ts) and is the `reqId` of the request's log lines.
 */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown; requestId?: string };
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
