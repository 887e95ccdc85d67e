import { z } from 'zod';
import { entityId, maxStartIndex } from './common.js';
import { roleRef } from './userAdminContracts.js';

/** An access rule as the Roles screen shows it (decisions 0003, 0013, 0046). */
export const adminRule = z.object({
  id: entityId,
  typeId: entityId,
  typeName: z.string(),
  canRead: z.boolean(),
  canCreate: z.boolean(),
  canModify: z.boolean(),
  canDelete: z.boolean(),
  ownedOnly: z.boolean(),
  calculation: z.string().nullable(),
  /** Why the stored calculation grants nothing (it no longer compiles); null when it runs. */
  problem: z.string().nullable(),
});
export type AdminRule = z.infer<typeof adminRule>;

export const adminRole = z.object({
  id: entityId,
  name: z.string(),
  description: z.string().nullable(),
  /** Administrators and Everyone: built in, neither renamed nor deleted; Everyone has no member list. */
  builtIn: z.boolean(),
  members: z.array(roleRef),
  rules: z.array(adminRule),
});
export type AdminRole = z.infer<typeof adminRole>;

export const adminRolesResponse = z.object({
  roles: z.array(adminRole),
  /** The types a rule may name (every type but the abstract root), by name. */
  types: z.array(z.object({ id: entityId, name: z.string() })),
});
export type AdminRolesResponse = z.infer<typeof adminRolesResponse>;

/** `POST /spapi/admin/v1/roles` and `…/roles/{id}`: a custom role's name, description and members. */
export const saveRoleRequest = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().trim().max(1000).nullable().optional(),
    memberIds: z.array(entityId).max(10_000).optional(),
  })
  .strict();
export type SaveRoleRequest = z.input<typeof saveRoleRequest>;

/** `POST /spapi/admin/v1/roles/{id}/rules` and `…/rules/{id}`: a rule of the role. */
export const saveRuleRequest = z
  .object({
    typeId: entityId,
    canRead: z.boolean().default(false),
    canCreate: z.boolean().default(false),
    canModify: z.boolean().default(false),
    canDelete: z.boolean().default(false),
    ownedOnly: z.boolean().default(false),
    calculation: z.string().max(10_000).nullable().default(null),
  })
  .strict();
export type SaveRuleRequest = z.input<typeof saveRuleRequest>;

export const savedResponse = z.object({ id: entityId });

/** `POST /spapi/admin/v1/rules/check`: compile a rule's calculation for a type, as it is typed. */
export const checkRuleRequest = z.object({ typeId: entityId, calculation: z.string().max(10_000) }).strict();
export const ruleDiagnostic = z.object({
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  /** 1-based, where the calculation's text shows the problem. */
  line: z.number(),
  column: z.number(),
  /** How many UTF-16 units from the column the problem spans (optional: older servers omit it). */
  length: z.number().optional(),
});
export type RuleDiagnostic = z.infer<typeof ruleDiagnostic>;
export const checkRuleResponse = z.object({
  /** The calculation would be accepted when the rule is saved. */
  ok: z.boolean(),
  diagnostics: z.array(ruleDiagnostic),
});
export type CheckRuleResponse = z.infer<typeof checkRuleResponse>;

/** `POST /spapi/admin/v1/viewAs`: which records of a type a user can read, and which rule lets them. */
export const viewAsRequest = z
  .object({
    userId: entityId,
    typeId: entityId,
    startIndex: z.number().int().min(0).max(maxStartIndex).default(0),
    pageSize: z.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ViewAsRequest = z.input<typeof viewAsRequest>;

/** A reason a record is readable: a rule (by id; negative for a built-in grant) and its role. */
export const viewAsReason = z.object({
  ruleId: z.number(),
  roleName: z.string(),
  /** e.g. 'Sales: read Opportunity (own records only, where [stage] = …)' */
  description: z.string(),
});
export type ViewAsReason = z.infer<typeof viewAsReason>;

export const viewAsResponse = z.object({
  user: z.object({ id: entityId, username: z.string(), isAdmin: z.boolean(), disabled: z.boolean() }),
  typeName: z.string(),
  /** How many records of the type (derived types included) the user can read. */
  readableCount: z.number(),
  /** How many records of the type there are in all. */
  totalCount: z.number(),
  records: z.array(
    z.object({
      id: entityId,
      name: z.string().nullable(),
      typeName: z.string(),
      reasons: z.array(viewAsReason),
    }),
  ),
  /** The user's rules on the type that grant read (every one, whether or not it lets a record in). */
  rules: z.array(viewAsReason),
});
export type ViewAsResponse = z.infer<typeof viewAsResponse>;
