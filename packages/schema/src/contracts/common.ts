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

/** The shape of every error answer (design.md §3). */
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
