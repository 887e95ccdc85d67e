import { type BaseType, type CalcParameter, type CompileResult, compile } from '@plinth/calc';
import {
  type EntityId,
  type FieldDef,
  isFromMany,
  isToMany,
  isWritableField,
  type RelationshipDef,
  type Schema,
  sysType,
  type WorkflowAssignment,
  type WorkflowDefinition,
  type WorkflowStep,
} from '@plinth/schema';
import { storageExpected } from '../calc/calculatedFields.js';
import { calcSchemaOf } from '../data/calcSchema.js';

/** What one assignment of a step writes. */
export type AssignmentTarget =
  | { kind: 'field'; field: FieldDef }
  | { kind: 'relationship'; rel: RelationshipDef; reverse: boolean };

export interface CompiledAssignment {
  target: AssignmentTarget;
  compiled: CompileResult;
}

/** A step with its expressions compiled, ready to run. */
export interface CompiledStep {
  step: WorkflowStep;
  /** The step's expressions by the step's member name (record, condition, subject, …). */
  expressions: Record<string, CompileResult>;
  assignments: CompiledAssignment[];
  /** The type of record the step writes (setFields: the record's, createRecord: the new one's). */
  typeId?: EntityId;
}

export interface CompiledWorkflow {
  definition: WorkflowDefinition;
  steps: CompiledStep[];
}

/** A problem of a workflow, named as the editor shows it: "Step 2 'Set stage', Stage: …". */
export type WorkflowProblems = string[];

type Declared = CalcParameter;

const userish = new Set<EntityId>([sysType.userAccount, sysType.person]);

/**
 * Compiles every expression of a workflow against the schema (decision 0126): with no context
 * record, the arguments and the records earlier steps saved as its parameters. Answers the compiled
 * workflow, or every problem found.
 */
export function compileWorkflow(
  schema: Schema,
  definition: WorkflowDefinition,
): { ok: true; workflow: CompiledWorkflow } | { ok: false; problems: WorkflowProblems } {
  const problems: string[] = [];
  const calcSchema = calcSchemaOf(schema);
  const params: Declared[] = [];
  for (const arg of definition.arguments) {
    if (arg.type === 'core:resourceArgument') {
      const type = arg.entityTypeId === undefined ? undefined : schema.type(arg.entityTypeId);
      if (!type) {
        problems.push(
          `Arguments, ${arg.name}: there is no Object ${arg.entityTypeId ?? ''}.`.replace(' .', '.'),
        );
        continue;
      }
      params.push({ name: arg.name, type: 'Entity', isList: false, entityTypeId: String(type.id) });
    } else params.push({ name: arg.name, type: 'String', isList: false });
  }

  const steps: CompiledStep[] = [];
  definition.steps.forEach((step, index) => {
    const where = `Step ${index + 1} '${step.name}'`;
    const problem = (member: string, message: string) => problems.push(`${where}, ${member}: ${message}`);
    const expr = (member: string, source: string, expected?: { type: BaseType; entityTypeId?: EntityId }) => {
      const compiled = compile(source, {
        schema: calcSchema,
        host: 'Evaluate',
        params: [...params],
        ...(expected
          ? {
              expectedResultType: {
                type: expected.type,
                ...(expected.entityTypeId ? { entityTypeId: String(expected.entityTypeId) } : {}),
              },
            }
          : {}),
      });
      const error = compiled.messages.find((m) => m.type === 'Error');
      if (error) problem(member, error.text);
      return compiled;
    };
    const expressions: Record<string, CompileResult> = {};
    const compiledStep: CompiledStep = { step, expressions, assignments: [] };
    const record = (
      member: string,
      source: string,
      allowed?: (typeId: EntityId) => boolean,
      list = false,
    ) => {
      const compiled = expr(member, source);
      expressions[member] = compiled;
      if (!compiled.ok) return undefined;
      if (compiled.resultType !== 'Entity' || (compiled.isList && !list)) {
        problem(member, list ? 'Give a record or a list of records.' : 'Give one record.');
        return undefined;
      }
      const typeId = compiled.entityTypeId === undefined ? undefined : Number(compiled.entityTypeId);
      if (typeId !== undefined && allowed && !allowed(typeId)) {
        problem(
          member,
          `Give a record of another Object (this gives ${schema.type(typeId)?.name ?? typeId}).`,
        );
        return undefined;
      }
      return typeId;
    };
    const text = (member: string, source: string) => {
      expressions[member] = expr(member, source, { type: 'String' });
    };
    const user = (member: string, source: string, list: boolean) =>
      record(member, source, (t) => [...userish].some((u) => schema.isA(t, u)), list);

    switch (step.kind) {
      case 'setFields': {
        const typeId = record('Record', step.record);
        if (typeId !== undefined) {
          compiledStep.typeId = typeId;
          compiledStep.assignments = assignments(schema, typeId, step.values, expr, problem);
        }
        break;
      }
      case 'createRecord': {
        const type = schema.type(step.typeId);
        if (!type || type.isAbstract || type.isChoiceType) {
          problem(
            'Object',
            type ? `${type.name} cannot have records created.` : `There is no Object ${step.typeId}.`,
          );
          break;
        }
        compiledStep.typeId = type.id;
        compiledStep.assignments = assignments(schema, type.id, step.values, expr, problem);
        if (step.saveAs)
          params.push({ name: step.saveAs, type: 'Entity', isList: false, entityTypeId: String(type.id) });
        break;
      }
      case 'link':
      case 'unlink': {
        const rel = schema.relationship(step.relationshipId);
        if (!rel) {
          problem('Relationship', `There is no relationship ${step.relationshipId}.`);
          break;
        }
        record('From', step.from, (t) => schema.isA(t, rel.fromTypeId));
        record('To', step.to, (t) => schema.isA(t, rel.toTypeId));
        break;
      }
      case 'notify':
        user('Recipient', step.recipient, true);
        text('Subject', step.subject);
        // A notification may have a subject alone.
        if (step.message.trim() !== '') text('Message', step.message);
        if (step.record) record('Record', step.record);
        break;
      case 'assignTask':
        text('Title', step.title);
        user('Assignee', step.assignee, false);
        if (step.record) record('Record', step.record);
        if (step.saveAs)
          params.push({
            name: step.saveAs,
            type: 'Entity',
            isList: false,
            entityTypeId: String(sysType.userTask),
          });
        break;
      case 'branch':
        expressions.Condition = expr('Condition', step.condition, { type: 'Bool' });
        break;
    }
    steps.push(compiledStep);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, workflow: { definition, steps } };
}

/** The assignments of a step that writes a record of `typeId`, each compiled to its member's type. */
function assignments(
  schema: Schema,
  typeId: EntityId,
  values: readonly WorkflowAssignment[],
  expr: (
    member: string,
    source: string,
    expected?: { type: BaseType; entityTypeId?: EntityId },
  ) => CompileResult,
  problem: (member: string, message: string) => void,
): CompiledAssignment[] {
  const out: CompiledAssignment[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const target = targetOf(schema, typeId, value.memberId);
    if (!target) {
      problem(
        `#${value.memberId}`,
        `${schema.type(typeId)?.name ?? 'The record'} has no such field or relationship.`,
      );
      continue;
    }
    const label =
      target.kind === 'field' ? target.field.name : target.reverse ? target.rel.fromName : target.rel.toName;
    const key = `${target.kind}:${target.kind === 'field' ? target.field.id : `${target.rel.id}:${target.reverse}`}`;
    if (seen.has(key)) {
      problem(label, 'It is set twice.');
      continue;
    }
    seen.add(key);
    if (target.kind === 'field') {
      if (!isWritableField(target.field)) {
        problem(label, 'This field cannot be written.');
        continue;
      }
      const expected = storageExpected(target.field);
      out.push({
        target,
        compiled: expr(label, value.expression, expected ? { type: expected } : undefined),
      });
    } else {
      const toMany = target.reverse ? isFromMany(target.rel.cardinality) : isToMany(target.rel.cardinality);
      if (toMany) {
        problem(label, 'It can hold many records: use a link step.');
        continue;
      }
      const other = target.reverse ? target.rel.fromTypeId : target.rel.toTypeId;
      out.push({ target, compiled: expr(label, value.expression, { type: 'Entity', entityTypeId: other }) });
    }
  }
  return out;
}

/** A field or to-one relationship end of the type by id: a relationship from the type goes forward. */
export function targetOf(schema: Schema, typeId: EntityId, memberId: EntityId): AssignmentTarget | undefined {
  const field = schema.fieldsOf(typeId).find((f) => f.id === memberId);
  if (field) return { kind: 'field', field };
  const ends = schema.relationshipsOf(typeId).filter((e) => e.rel.id === memberId);
  const end = ends.find((e) => e.direction === 'fwd') ?? ends[0];
  return end ? { kind: 'relationship', rel: end.rel, reverse: end.direction === 'rev' } : undefined;
}
