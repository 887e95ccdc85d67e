import {
  choiceRelTypes,
  choiceTargetMessage,
  type Direction,
  type EntityId,
  sysField as F,
  mandatoryEndBrokenMessage,
  type RelationshipDef,
  type Schema,
  scriptNameProblem,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import { definitionsUsing, type TypeUse } from './typeUsage.js';

type Issue = Omit<MemberError, 'id'>;

/**
 * The relationship dialog's rules beyond the names' required and clash checks (decision 0100):
 * script names that calculations can write, choice fields only to choice Objects, reports of the
 * related Object, "use current" only where the end reaches users, and a mandatory end only when no
 * record already lacks it. `before` is the relationship as it was (undefined for a new one): only
 * what changed is checked, so a relationship saved earlier keeps what it holds.
 */
export async function checkRelationshipRules(
  ctx: RequestContext,
  schema: Schema,
  rel: RelationshipDef,
  before: RelationshipDef | undefined,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const [member, key] of [
    ['toScriptName', 'toScriptName'],
    ['fromScriptName', 'fromScriptName'],
  ] as const) {
    const problem = rel[key] === before?.[key] ? undefined : scriptNameProblem(rel[key]);
    if (problem) issues.push({ member, message: problem });
  }
  const toType = schema.type(rel.toTypeId);
  if (choiceRelTypes.includes(rel.relType) && toType && !toType.isChoiceType)
    issues.push({ member: 'toType', message: choiceTargetMessage(toType.name) });
  issues.push(...useCurrentIssues(schema, rel, before));
  issues.push(...(await reportIssues(ctx, schema, rel, before)));
  issues.push(...(await mandatoryIssues(ctx, schema, rel, before)));
  return issues;
}

/** The spec gives no text; it says where "use current" applies. */
export const useCurrentOnlyForUsersMessage =
  'Only an end that reaches User Accounts or People can start as the signed-in user.';

function useCurrentIssues(
  schema: Schema,
  rel: RelationshipDef,
  before: RelationshipDef | undefined,
): Issue[] {
  const reachesUsers = (typeId: EntityId) =>
    schema.isA(typeId, sysType.userAccount) || schema.isA(typeId, sysType.person);
  const issues: Issue[] = [];
  if (rel.defaultToUseCurrent && !before?.defaultToUseCurrent && !reachesUsers(rel.toTypeId))
    issues.push({ member: 'defaultToUseCurrent', message: useCurrentOnlyForUsersMessage });
  if (rel.defaultFromUseCurrent && !before?.defaultFromUseCurrent && !reachesUsers(rel.fromTypeId))
    issues.push({ member: 'defaultFromUseCurrent', message: useCurrentOnlyForUsersMessage });
  return issues;
}

/** Each end's display and picker reports list the records that end reaches. */
async function reportIssues(
  ctx: RequestContext,
  schema: Schema,
  rel: RelationshipDef,
  before: RelationshipDef | undefined,
): Promise<Issue[]> {
  const ends = [
    ['toDisplayReport', rel.toDisplayReportId, before?.toDisplayReportId, rel.toTypeId],
    ['toPickerReport', rel.toPickerReportId, before?.toPickerReportId, rel.toTypeId],
    ['fromDisplayReport', rel.fromDisplayReportId, before?.fromDisplayReportId, rel.fromTypeId],
    ['fromPickerReport', rel.fromPickerReportId, before?.fromPickerReportId, rel.fromTypeId],
  ] as const;
  const changed = ends.filter(([, id, was]) => id !== undefined && id !== was);
  if (changed.length === 0) return [];
  // The definitions are read whatever the administrator's own rules: the check is about the schema.
  const everyReport = systemQuery(ctx.db, 'write integrity');
  const reports = await selectEntities(
    everyReport,
    ctx.tenantId,
    changed.map(([, id]) => id!),
  );
  const issues: Issue[] = [];
  for (const [member, id, , endTypeId] of changed) {
    const report = reports.find((r) => r.id === id && r.typeId === sysType.report);
    const root = report ? reportRootType(report.data[String(F.reportDefinition)]) : undefined;
    if (root !== undefined && listsRecordsOf(schema, root, endTypeId)) continue;
    const typeName = schema.type(endTypeId)?.name ?? 'the related Object';
    issues.push({
      member,
      message: `The report '${report?.name ?? `#${id}`}' does not list '${typeName}' records.`,
    });
  }
  return issues;
}

/** A report on the Object, one it inherits from or one derived from it lists the Object's records. */
function listsRecordsOf(schema: Schema, rootTypeId: EntityId, typeId: EntityId): boolean {
  return schema.isA(typeId, rootTypeId) || schema.isA(rootTypeId, typeId);
}

/** The reports a relationship end may display and pick the Object's records with, by name. */
export async function reportsListing(ctx: RequestContext, typeId: EntityId): Promise<TypeUse[]> {
  const { reports } = await definitionsUsing(ctx, (kind, value) => {
    const root = kind === 'reports' ? reportRootType(value) : undefined;
    return root !== undefined && listsRecordsOf(ctx.schema, root, typeId);
  });
  return reports;
}

function reportRootType(raw: unknown): EntityId | undefined {
  try {
    const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const root = (parsed as { rootTypeId?: unknown } | null)?.rootTypeId;
    return typeof root === 'number' ? root : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An end made mandatory must already hold for every record: the records without a related one are
 * counted and named in the refusal, so the user knows how much to fix first.
 */
async function mandatoryIssues(
  ctx: RequestContext,
  schema: Schema,
  rel: RelationshipDef,
  before: RelationshipDef | undefined,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const ends = [
    ['relationshipIsMandatory', rel.isMandatory, before?.isMandatory, 'fwd'],
    ['revRelationshipIsMandatory', rel.isReverseMandatory, before?.isReverseMandatory, 'rev'],
  ] as const;
  for (const [member, now, was, direction] of ends) {
    if (!now || was) continue;
    const typeId = direction === 'fwd' ? rel.fromTypeId : rel.toTypeId;
    const missing = await countRecordsWithoutLink(ctx, schema, rel, direction);
    if (missing > 0)
      issues.push({
        member,
        message: mandatoryEndBrokenMessage(
          missing,
          schema.type(typeId)?.name ?? '',
          direction === 'fwd' ? rel.toName : rel.fromName,
        ),
      });
  }
  return issues;
}

/** Records of the end's Object (derived ones included) that no link of the relationship starts from. */
export async function countRecordsWithoutLink(
  ctx: RequestContext,
  schema: Schema,
  rel: RelationshipDef,
  direction: Direction,
): Promise<number> {
  const typeIds = schema.descendants(direction === 'fwd' ? rel.fromTypeId : rel.toTypeId);
  const end = direction === 'fwd' ? 'from_id' : 'to_id';
  // Every record counts, whatever the administrator's own read rules: the rule is about all of them.
  const row = await systemQuery(ctx.db, 'write integrity')
    .selectFrom('entities as e')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('e.tenant_id', '=', ctx.tenantId)
    .where('e.type_id', 'in', typeIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('relationships as r')
            .select('r.rel_id')
            .whereRef('r.tenant_id', '=', 'e.tenant_id')
            .where('r.rel_id', '=', rel.id)
            .whereRef(`r.${end}`, '=', 'e.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
