import { z } from 'zod';

/** A record id, or the alias of a well-known record such as `core:person`. */
export const idOrAlias = z.union([
  z.number().int().positive(),
  z
    .string()
    .min(1)
    .max(200)
    .regex(/^(\d+|[A-Za-z][\w-]*:[\w.-]+)$/, 'Expected a record id or alias.'),
]);
export type IdOrAlias = z.infer<typeof idOrAlias>;

export const entityId = z.number().int().positive();

/** The furthest row a list call may start from (reports, records of a type): every list is bounded. */
export const maxStartIndex = 10_000_000;

/** The shape of every error answer (design.md §3). */
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** On a 5xx answer: the id on the request's log lines (also sent as x-request-id). */
    requestId: z.string().optional(),
  }),
});
