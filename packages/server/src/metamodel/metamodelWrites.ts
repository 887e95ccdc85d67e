import {
  duplicateFieldMessage,
  type EntityId,
  type EntityRef,
  sysField as F,
  type FieldDef,
  type FieldType,
  fieldPatternProblem,
  invalidFieldTypeMessage,
  invalidRelTypeMessage,
  invalidValueMessage,
  isFieldType,
  isFromMany,
  isToMany,
  isUsableAutoNumberPattern,
  isValidStructure,
  type NamedEntity,
  relationshipEndName,
  relTypes,
  requiredMessage,
  type Schema,
  structureIssues,
  sysType,
  unusableAutoNumberPatternMessage,
  validateFieldBounds,
  validateFieldValue,
  validateMemberNames,
  validateTypeNames,
} from '@plinth/schema';
import { sql } from 'kysely';
import { checkCalculations, isExpressionDefault } from '../calc/calculatedFields.js';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { defaultFor } from '../entities/fieldDefaults.js';
import { type MemberError, validationFailed } from '../entities/relationshipChanges.js';
import { checkDecimalPlaces } from './decimalPlacesRule.js';
import { convertStoredValues, unconvertibleMessage } from './fieldValueChanges.js';
import { checkRelationshipRules } from './relationshipRules.js';
import { convertValuesToRichText } from './richTextValues.js';
import { loadTenantMeta } from './tenantMetaCache.js';
import { checkTypeIcon } from './typeIconRule.js';

/**
 * Checks the metamodel as a put leaves it, inside the put's transaction: field types, bounds, and
 * the name rules of the field-schema editor (spec 01 §5). Any error undoes the whole put. Then
 * converts the stored values of fields whose type changes, or refuses the change.
 */
export async function validateMetamodelChanges(
  ctx: RequestContext,
  written: readonly EntityRow[],
  refOf: (id: EntityId) => EntityRef = (id) => id,
): Promise<void> {
  const { schema, ruleProblems } = await loadTenantMeta(ctx.db, ctx.tenantId, 0);
  const errors: MemberError[] = [];
  // An access rule's calculation compiles against the rule's type, gives a Boolean and runs in SQL.
  const problemOf = new Map(ruleProblems.map((p) => [p.ruleId, p.message]));
  for (const row of written) {
    let issues: Issue[] = [];
    if (row.typeId === sysType.field)
      issues = [
        ...checkField(schema, row),
        ...checkPattern(ctx.schema.field(row.id), schema.field(row.id)),
        ...checkDecimalPlaces(ctx.schema.field(row.id), schema.field(row.id)),
      ];
    else if (row.typeId === sysType.relationship)
      issues = firstPerMember([
        ...requiredEndNames(row),
        ...checkRelationship(schema, row),
        ...(await relationshipRulesOf(ctx, schema, row)),
        ...(await checkExistingLinks(ctx, schema, row)),
        ...(await checkStructureLinks(ctx, schema, row)),
      ]);
    else if (row.typeId === sysType.type)
      issues = [...checkType(schema, row), ...(await checkTypeIcon(ctx, row))];
    else if (row.typeId === sysType.accessRule && problemOf.has(row.id))
      issues = [{ member: 'accessRuleCalculation', message: problemOf.get(row.id)! }];
    // Errors name the record as the put did ('new:key' for a new one) and the member by its put key.
    for (const issue of issues) errors.push({ id: refOf(row.id), ...issue });
  }
  // Calculation fields compile, give one value, close no cycle, and store their result type.
  errors.push(...(await checkCalculations(ctx, schema, written, refOf)));
  if (errors.length > 0) throw validationFailed(errors);
  // Values of retyped fields are converted in the same transaction, or the write is refused.
  const conversionErrors = await convertRetypedFields(ctx, schema, written, refOf);
  if (conversionErrors.length > 0) throw validationFailed(conversionErrors);
}

type Issue = Omit<MemberError, 'id'>;

function membersOf(schema: Schema, typeId: EntityId): NamedEntity[] {
  return [
    ...schema.fieldsOf(typeId).map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
    ...schema
      .relationshipsOf(typeId)
      .map(({ rel, direction }) => ({ id: rel.id, ...relationshipEndName(rel, direction) })),
  ];
}

/**
 * The members a new member of a type must not clash with: the type's own and inherited ones, and
 * those of every type derived from it (which would inherit the new member).
 */
function siblingsOf(schema: Schema, typeId: EntityId): NamedEntity[] {
  return schema.descendants(typeId).flatMap((id) => membersOf(schema, id));
}

function checkField(schema: Schema, row: EntityRow): Issue[] {
  if (!isFieldType(row.data[F.fieldType])) return [{ member: 'fieldType', message: invalidFieldTypeMessage }];
  const field = schema.field(row.id);
  if (!field) return [];
  const key = { name: 'name', scriptName: 'fieldScriptName' } as const;
  return [
    ...validateMemberNames(
      { id: field.id, name: field.name, scriptName: field.scriptName, kind: 'field' },
      siblingsOf(schema, field.typeId),
    ).map((issue) => ({ member: key[issue.property], message: issue.message })),
    ...validateFieldBounds(field).map((issue) => ({ member: issue.property, message: issue.message })),
    ...checkDefaultValue(field),
    ...checkDisplayPattern(field),
  ];
}

/**
 * A new or changed pattern must run in linear time (decision 0041): one RE2 cannot run is refused
 * here, so every pattern saved from now on checks any value at once, on the server and in a browser.
 */
function checkPattern(before: FieldDef | undefined, after: FieldDef | undefined): Issue[] {
  if (!after || after.pattern === before?.pattern) return [];
  const problem = fieldPatternProblem(after.pattern);
  return problem === undefined ? [] : [{ member: 'pattern', message: problem }];
}

/** An auto-number's display pattern, when set, must show the number (decision 0023). */
function checkDisplayPattern(field: FieldDef): Issue[] {
  const pattern = field.autoNumberDisplayPattern;
  if (field.type !== 'AutoNumber' || !pattern?.trim() || isUsableAutoNumberPattern(pattern)) return [];
  return [{ member: 'autoNumberDisplayPattern', message: unusableAutoNumberPatternMessage }];
}

/** A default must be a valid value of the field (TODAY and NOW for dates, true or false for Booleans). */
function checkDefaultValue(field: FieldDef): Issue[] {
  if (field.defaultValue === undefined || field.defaultValue === '') return [];
  if (field.type === 'AutoNumber' || field.type === 'Calculation') return [];
  if (isExpressionDefault(field.defaultValue)) return []; // compiled by checkCalculations
  const value = defaultFor(field, 'UTC', new Date());
  const result =
    value === undefined
      ? { ok: false as const, message: invalidValueMessage }
      : validateFieldValue(field, value);
  return result.ok ? [] : [{ member: 'defaultValue', message: result.message }];
}

function checkRelationship(schema: Schema, row: EntityRow): Issue[] {
  const relType = row.data[F.relType];
  if (typeof relType !== 'string' || !(relTypes as readonly string[]).includes(relType))
    return [{ member: 'relType', message: invalidRelTypeMessage }];
  const rel = schema.relationship(row.id);
  if (!rel) return [];
  const toKey = { name: 'toName', scriptName: 'toScriptName' } as const;
  const fromKey = { name: 'fromName', scriptName: 'fromScriptName' } as const;
  return [
    ...validateMemberNames(
      { id: rel.id, name: rel.toName, scriptName: rel.toScriptName, kind: 'relationship' },
      siblingsOf(schema, rel.fromTypeId),
    ).map((issue) => ({ member: toKey[issue.property], message: issue.message })),
    ...validateMemberNames(
      { id: rel.id, name: rel.fromName, scriptName: rel.fromScriptName, kind: 'relationship' },
      siblingsOf(schema, rel.toTypeId).filter((m) => m.id !== rel.id),
    ).map((issue) => ({ member: fromKey[issue.property], message: issue.message })),
    // At most one structure per type, self-referencing and to one record.
    ...structureIssues(schema, rel).map((issue) => ({ member: issue.property, message: issue.message })),
  ];
}

/**
 * Both ends' names and script names are required as written: the metamodel falls back on the
 * relationship's name for a missing one (catalogue and older records), which would hide the rule.
 */
function requiredEndNames(row: EntityRow): Issue[] {
  const members = [
    ['toName', F.toName],
    ['fromName', F.fromName],
    ['toScriptName', F.toScriptName],
    ['fromScriptName', F.fromScriptName],
  ] as const;
  return members
    .filter(([, id]) => {
      const v = row.data[String(id)];
      return typeof v !== 'string' || v.trim() === '';
    })
    .map(([member]) => ({ member, message: requiredMessage }));
}

/** One message per member: the first rule that fails (a missing name is not also a clash). */
function firstPerMember(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    if (seen.has(i.member)) return false;
    seen.add(i.member);
    return true;
  });
}

async function relationshipRulesOf(ctx: RequestContext, schema: Schema, row: EntityRow): Promise<Issue[]> {
  const rel = schema.relationship(row.id);
  return rel ? checkRelationshipRules(ctx, schema, rel, ctx.schema.relationship(row.id)) : [];
}

const stringTypes: readonly FieldType[] = ['Text', 'MultilineText', 'RichText'];
const _numberTypes: readonly FieldType[] = ['Number', 'AutoNumber', 'Decimal', 'Currency'];

/**
 * Converts the stored values of the fields whose type the write changes (issue 19 item 5): text
 * that becomes rich text is escaped and sanitised; every other value is converted to the new type
 * and checked against the new definition. A field some of whose values do not convert is refused
 * with their count and first examples, and the write rolls back.
 */
async function convertRetypedFields(
  ctx: RequestContext,
  schema: Schema,
  written: readonly EntityRow[],
  refOf: (id: EntityId) => EntityRef,
): Promise<MemberError[]> {
  const errors: MemberError[] = [];
  for (const row of written) {
    if (row.typeId !== sysType.field) continue;
    const before = ctx.schema.field(row.id);
    const after = schema.field(row.id);
    if (!before || !after || before.type === after.type) continue;
    if (after.type === 'RichText' && stringTypes.includes(before.type)) {
      await convertValuesToRichText(ctx, after.id);
      continue;
    }
    const broken = await convertStoredValues(ctx, before, after);
    if (broken.count > 0)
      errors.push({ id: refOf(row.id), member: 'fieldType', message: unconvertibleMessage(broken, after) });
  }
  return errors;
}

/**
 * A relationship whose kind (or custom cardinality) changes must still hold for the links already
 * stored: a single-valued end may not have records holding several.
 */
async function checkExistingLinks(ctx: RequestContext, schema: Schema, row: EntityRow): Promise<Issue[]> {
  const rel = schema.relationship(row.id);
  if (!rel) return [];
  const member = rel.relType === 'custom' ? 'cardinality' : 'relType';
  const issues: Issue[] = [];
  const ends = [
    { end: 'from_id', single: !isToMany(rel.cardinality), name: rel.toName },
    { end: 'to_id', single: !isFromMany(rel.cardinality), name: rel.fromName },
  ] as const;
  for (const { end, single, name } of ends) {
    if (!single) continue;
    const crowded = await tenantScope(ctx)
      .selectFrom('relationships')
      .select(end)
      .where('rel_id', '=', rel.id)
      .groupBy(end)
      .having(sql`count(*)`, '>', 1)
      .limit(1)
      .execute();
    if (crowded.length > 0)
      issues.push({
        member,
        message: `Some records already hold more than one '${name}'. Change them first.`,
      });
  }
  return issues;
}

/**
 * A relationship that becomes a structure must not already hold a loop (a record above itself):
 * structure conditions and the write check assume a tree.
 */
async function checkStructureLinks(ctx: RequestContext, schema: Schema, row: EntityRow): Promise<Issue[]> {
  const rel = schema.relationship(row.id);
  if (!rel || !isValidStructure(rel) || ctx.schema.relationship(row.id)?.isStructure) return [];
  const tenant = tenantScope(ctx);
  // Every record paired with each record above it; UNION drops pairs already reached, so it ends.
  const loop = await tenant.execute(sql<{ start: number }>`WITH RECURSIVE walk (start, id) AS (
      SELECT from_id, to_id FROM relationships WHERE ${tenant.owns('relationships')} AND rel_id = ${rel.id}
      UNION
      SELECT walk.start, r.to_id FROM walk JOIN relationships r ON ${tenant.owns('r')} AND r.rel_id = ${rel.id} AND r.from_id = walk.id
    )
    SELECT start FROM walk WHERE start = id LIMIT 1`);
  return loop.rows.length === 0
    ? []
    : [
        {
          member: 'relationshipIsStructure',
          message: `Some records are already above themselves through '${rel.toName}'. Change them first.`,
        },
      ];
}

function checkType(schema: Schema, row: EntityRow): Issue[] {
  const type = schema.type(row.id);
  if (!type) return [];
  const others = [...schema.types()].map((t) => ({ id: t.id, name: t.name, scriptName: t.scriptName }));
  const key = { name: 'name', scriptName: 'typeScriptName' } as const;
  const issues: Issue[] = validateTypeNames(
    { id: type.id, name: type.name, scriptName: type.scriptName },
    others,
  ).map((issue) => ({ member: key[issue.property], message: issue.message }));
  if (inheritsInACycle(schema, type.id)) {
    issues.push({ member: 'inherits', message: inheritanceCycleMessage });
  } else if (descendantsHaveClashingMembers(schema, type.id)) {
    // A new base type brings members that clash with the type's own or its derived types' members.
    issues.push({ member: 'inherits', message: duplicateFieldMessage('Field name') });
  }
  return issues;
}

/** The spec gives no text for this; users see which Object and member the rule is about. */
const inheritanceCycleMessage = 'An Object cannot inherit from itself or from an Object derived from it.';

function inheritsInACycle(schema: Schema, typeId: EntityId): boolean {
  const seen = new Set<EntityId>([typeId]);
  for (let p = schema.type(typeId)?.inheritsId; p !== undefined; p = schema.type(p)?.inheritsId) {
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}

function descendantsHaveClashingMembers(schema: Schema, typeId: EntityId): boolean {
  const key = (s: string) => s.trim().toLowerCase();
  return schema.descendants(typeId).some((id) => {
    const seen = new Map<string, EntityId>();
    for (const m of membersOf(schema, id)) {
      for (const k of new Set([`n:${key(m.name)}`, `s:${key(m.scriptName)}`])) {
        if (k.length <= 2) continue;
        const other = seen.get(k);
        if (other !== undefined && other !== m.id) return true;
        seen.set(k, m.id);
      }
    }
    return false;
  });
}
