import { type CompileResult, compile, type EntityRef, type EvaluateResult } from '@plinth/calc';
import type { EntityId, Schema } from '@plinth/schema';
import { ServerCalcData } from '../calc/calcDataSource.js';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import type { RecordAfterChange } from './recordAfterChange.js';

/** Why a custom validation's result type cannot be a validation. */
export const customValidationResultMessage = (type: string) =>
  `A custom validation must give true or false, or a text, not ${type}.`;

/** The first problem of a compiled custom validation, with where it is; undefined when it can run. */
export function customValidationProblem(compiled: CompileResult): string | undefined {
  const error = compiled.messages.find((m) => m.type === 'Error');
  if (error || !compiled.ok) {
    const where = error ? ` (line ${error.location.line}, column ${error.location.col})` : '';
    return `${error?.text ?? 'Unexpected error.'}${where}`;
  }
  if (
    compiled.isList ||
    (compiled.resultType !== 'Bool' && compiled.resultType !== 'String' && compiled.resultType !== 'None')
  )
    return customValidationResultMessage(
      compiled.isList ? `a List of ${compiled.resultType}` : compiled.resultType,
    );
  return undefined;
}

const compiledValidations = new WeakMap<Schema, Map<string, CompileResult>>();

/**
 * A custom validation compiled for the records of a type, in the Evaluate host (it runs on one
 * record in memory); cached per metamodel version.
 */
export function compileCustomValidation(schema: Schema, typeId: EntityId, expression: string): CompileResult {
  let byKey = compiledValidations.get(schema);
  if (!byKey) {
    byKey = new Map();
    compiledValidations.set(schema, byKey);
  }
  const key = `${typeId}\u0000${expression}`;
  let compiled = byKey.get(key);
  if (!compiled) {
    compiled = compile(expression, {
      schema: calcSchemaOf(schema),
      contextTypeId: String(typeId),
      host: 'Evaluate',
    });
    byKey.set(key, compiled);
  }
  return compiled;
}

/** What a custom validation found: nothing (passes), or a failure with the calculation's own text. */
export type CustomValidationOutcome = { ok: true } | { ok: false; text: string | null };

/**
 * The result of a custom validation as the contract reads it (calc-language §4): true, or a text
 * that is not blank, fails (the text is the calculation's message); false, null and blank pass.
 */
export function outcomeOf(result: EvaluateResult): CustomValidationOutcome {
  if (result.error !== undefined)
    return { ok: false, text: `The custom validation could not run: ${result.error}` };
  const v = result.value;
  if (v === true) return { ok: false, text: null };
  if (typeof v === 'string' && v.trim() !== '') return { ok: false, text: v };
  return { ok: true };
}

/**
 * Reads records for custom validations, with the checked record as the change would leave it: its
 * own row comes from the change, and so do the related records of the ends the change names.
 * Everything else reads as stored, through the caller's permissions.
 */
export class FormCalcData extends ServerCalcData {
  constructor(
    ctx: RequestContext,
    private readonly record: RecordAfterChange,
  ) {
    super(ctx);
    this.prime([record.row]);
  }

  override async getRelated(
    entity: EntityRef,
    relationshipId: string,
    direction: 'forward' | 'reverse',
  ): Promise<readonly EntityRef[]> {
    if (Number(entity.id) === this.record.row.id) {
      const ids = this.record.related.get(`#${relationshipId}:${direction === 'forward' ? 'fwd' : 'rev'}`);
      if (ids) {
        const rows = await Promise.all(ids.map((id) => this.row(id)));
        return rows
          .filter((r) => r !== null)
          .sort((a, b) => a.id - b.id)
          .map((r) => ({ id: String(r.id), typeId: String(r.typeId) }));
      }
    }
    return super.getRelated(entity, relationshipId, direction);
  }

  /** Runs a compiled custom validation on the record. */
  async check(compiled: CompileResult): Promise<CustomValidationOutcome> {
    const { row } = this.record;
    return outcomeOf(await this.evaluate(compiled, { id: String(row.id), typeId: String(row.typeId) }));
  }
}
