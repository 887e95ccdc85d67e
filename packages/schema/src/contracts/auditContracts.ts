import { z } from 'zod';
import { entityId } from './common.js';

/** What the audit trail records (decision 0048). */
export const auditActions = ['create', 'update', 'delete', 'signIn', 'signInFailed'] as const;
export type AuditAction = (typeof auditActions)[number];

const storedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A linked record named in a link change; `name` is null for one since deleted or unnamed. */
export const auditLinkedRecord = z.object({ id: entityId, name: z.string().nullable() });

/** One field's change: its value before and after (null: empty, or the record did not exist). */
export const auditFieldChange = z.object({
  kind: z.literal('field'),
  memberId: entityId,
  name: z.string(),
  /** The field's type, so values show as the field shows them (a date, an amount…). */
  fieldType: z.string(),
  oldValue: storedValue,
  newValue: storedValue,
});

/** One relationship end's change: the records linked and unlinked. */
export const auditLinkChange = z.object({
  kind: z.literal('relationship'),
  memberId: entityId,
  direction: z.enum(['fwd', 'rev']),
  name: z.string(),
  added: z.array(auditLinkedRecord),
  removed: z.array(auditLinkedRecord),
});

export const auditChange = z.discriminatedUnion('kind', [auditFieldChange, auditLinkChange]);
export type AuditChange = z.infer<typeof auditChange>;

/** One audited event, as the caller may see it. */
export const auditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(auditActions),
  userId: entityId.nullable(),
  userName: z.string().nullable(),
  entityId: entityId.nullable(),
  entityName: z.string().nullable(),
  typeId: entityId.nullable(),
  typeName: z.string().nullable(),
  changes: z.array(auditChange),
  /** A sign-in's user name as typed and the caller's address. */
  detail: z.object({ username: z.string().optional(), address: z.string().optional() }).optional(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** A page of events, newest first; `nextCursor` asks for the next (older) page. */
export const auditPage = z.object({
  events: z.array(auditEvent),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** The largest page of events one call answers. */
export const maxAuditPageSize = 200;

const pageQuery = {
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|\d{1,15}$/, 'Not a page cursor.')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(maxAuditPageSize).default(50),
};

/** `GET /spapi/data/v1/entity/{id}/history`: a record's history, for those who can read it. */
export const recordHistoryQuery = z.object(pageQuery).strict();

const isoTime = z.iso.datetime({ offset: true });

/** `GET /spapi/data/v1/audit`: administrators' search of the trail, every filter optional. */
export const auditQuery = z
  .object({
    entityId: z.coerce.number().int().positive().optional(),
    userId: z.coerce.number().int().positive().optional(),
    typeId: z.coerce.number().int().positive().optional(),
    action: z.enum(auditActions).optional(),
    /** From this time on (inclusive). */
    from: isoTime.optional(),
    /** Before this time (exclusive). */
    to: isoTime.optional(),
    ...pageQuery,
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuery>;
