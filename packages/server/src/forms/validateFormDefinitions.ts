import type { EntityRef, FormDefinition } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { MemberError } from '../entities/relationshipChanges.js';
import type { SystemRecord } from '../entities/systemTypes.js';
import { AppError } from '../http/errors.js';
import { compileCustomValidation, customValidationProblem } from './customValidation.js';
import { controlMember } from './formDefinitions.js';

/**
 * Checks the definitions of written forms against the schema, so a form that could not be used is
 * refused when it is saved, with the reason: its type must exist, every control must render a
 * field or relationship end the type has, and every custom validation must compile for the type's
 * records to true or false, or a text. The definitions come parsed (formTypeBehaviour's parse).
 */
export function validateFormDefinitions(
  ctx: RequestContext,
  records: ReadonlyArray<SystemRecord<FormDefinition>>,
  refOf: (id: number) => EntityRef,
): MemberError[] {
  const errors: MemberError[] = [];
  for (const { row, value: def } of records) {
    const member = 'formDefinition';
    try {
      const type = ctx.schema.type(def.typeId);
      if (!type) throw new AppError('bad_request', `The object ${def.typeId} does not exist.`);
      for (const control of def.controls) {
        const what = `Control '${control.id}'`;
        if (!controlMember(ctx.schema, type.id, control)) {
          const target =
            control.fieldToRender !== undefined
              ? `the field ${control.fieldToRender}`
              : `the relationship ${control.relationshipToRender}${control.isReversed ? ' (reversed)' : ''}`;
          throw new AppError('bad_request', `${what}: ${target} is not on '${type.name}'.`);
        }
        const expression = control.customValidationCalculation;
        if (expression === undefined || expression.trim() === '') continue;
        const problem = customValidationProblem(compileCustomValidation(ctx.schema, type.id, expression));
        if (problem) throw new AppError('bad_request', `${what}: ${problem}`);
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      errors.push({ id: refOf(row.id), member, message: e.message });
    }
  }
  return errors;
}
