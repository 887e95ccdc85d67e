import type { SqlFragment } from '@plinth/calc';
import {
  type EntityId,
  sysField as F,
  sysRel as R,
  type StoredLink,
  type StoredRecord,
  sysRecord,
  sysType as T,
} from '@plinth/schema';
import type { RuleFilterResult } from './ruleFilters.js';

/** A grant to a role on a type (and the types derived from it). */
export interface AccessRule {
  id: EntityId;
  roleId: EntityId;
  typeId: EntityId;
  canRead: boolean;
  canCreate: boolean;
  canModify: boolean;
  canDelete: boolean;
  /** Read, modify and delete only the records the user owns. */
  ownedOnly: boolean;
  /**
   * The rule's calculation as translated SQL (see `ruleFilters.ts`): the rule grants its rights only
   * on records where it is true. Absent: the rule covers every record of its types.
   */
  filter?: SqlFragment;
}

/** A rule whose calculation cannot run: it grants nothing (fails closed). */
export interface AccessRuleProblem {
  ruleId: EntityId;
  ruleName: string | null;
  message: string;
}

/** Translates a rule's calculation for the records of a type (`translateRuleFilter` bound to a tenant). */
export type RuleFilterTranslator = (typeId: EntityId, source: string) => RuleFilterResult;

/**
 * Access rules stored as `core:accessRule` records. A rule with a calculation gets it translated by
 * `translate`; one whose calculation cannot be translated (or without a translator) is left out —
 * it grants nothing — and reported in `problems`.
 */
export function parseAccessRules(
  records: readonly StoredRecord[],
  links: readonly StoredLink[],
  translate?: RuleFilterTranslator,
): { rules: AccessRule[]; problems: AccessRuleProblem[] } {
  const role = new Map<EntityId, EntityId>();
  const type = new Map<EntityId, EntityId>();
  for (const l of links) {
    if (l.relId === R.accessRuleRole) role.set(l.fromId, l.toId);
    if (l.relId === R.accessRuleType) type.set(l.fromId, l.toId);
  }
  const out: AccessRule[] = [];
  const problems: AccessRuleProblem[] = [];
  for (const r of records) {
    if (r.typeId !== T.accessRule) continue;
    const roleId = role.get(r.id);
    const typeId = type.get(r.id);
    if (roleId === undefined || typeId === undefined) continue;
    // A rule whose row filter cannot run grants nothing: failing closed is safer than granting
    // every row.
    const source = r.data[F.accessRuleCalculation];
    let filter: SqlFragment | undefined;
    if (typeof source === 'string' && source.trim() !== '') {
      const result = translate?.(typeId, source) ?? {
        ok: false as const,
        message: 'Calculations of access rules cannot be translated here.',
      };
      if (!result.ok) {
        problems.push({ ruleId: r.id, ruleName: r.name, message: result.message });
        continue;
      }
      filter = result.sql;
    } else if (source !== undefined && source !== null && typeof source !== 'string') {
      problems.push({ ruleId: r.id, ruleName: r.name, message: 'The calculation is not text.' });
      continue;
    }
    out.push({
      id: r.id,
      roleId,
      typeId,
      canRead: r.data[F.canRead] === true,
      canCreate: r.data[F.canCreate] === true,
      canModify: r.data[F.canModify] === true,
      canDelete: r.data[F.canDelete] === true,
      ownedOnly: r.data[F.ownedOnly] === true,
      ...(filter ? { filter } : {}),
    });
  }
  return { rules: out, problems };
}

const readOnlyForEveryone = (id: number, typeId: number): AccessRule => ({
  id,
  roleId: sysRecord.everyoneRole,
  typeId,
  canRead: true,
  canCreate: false,
  canModify: false,
  canDelete: false,
  ownedOnly: false,
});

/** Everyone's grant on the records they own of a type: read, and modify when `modify`. */
const ownForEveryone = (id: number, typeId: number, modify: boolean): AccessRule => ({
  ...readOnlyForEveryone(id, typeId),
  canModify: modify,
  ownedOnly: true,
});

/**
 * Grants that hold in every tenant: everyone can read the metamodel, choice values, people, roles
 * and the tenant's settings, so forms, pickers and the runner work; everyone can read the workflow
 * runs they started and read and complete the tasks and notifications they own (decision 0126).
 * Administrators can do anything.
 */
export const builtInRules: readonly AccessRule[] = [
  readOnlyForEveryone(-1, T.type),
  readOnlyForEveryone(-2, T.field),
  readOnlyForEveryone(-3, T.relationship),
  readOnlyForEveryone(-4, T.fieldGroup),
  readOnlyForEveryone(-5, T.enumValue),
  readOnlyForEveryone(-6, T.person),
  readOnlyForEveryone(-7, T.role),
  readOnlyForEveryone(-8, T.tenantSettings),
  ownForEveryone(-9, T.workflowRun, false),
  ownForEveryone(-10, T.userTask, true),
  ownForEveryone(-11, T.notification, true),
];
