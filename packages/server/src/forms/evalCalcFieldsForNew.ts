import type {
  EntityResponse,
  EvalCalcFieldsForNewRequest,
  EvalCalcFieldsForNewResponse,
  StoredValue,
} from '@plinth/schema';
import { compiledField, storedForm } from '../calc/calcDataSource.js';
import { expressionDefaults } from '../calc/calculatedFields.js';
import type { RequestContext } from '../context.js';
import { fieldValue } from '../data/entityRepository.js';
import { badRequest, forbidden } from '../http/errors.js';
import { FormCalcData } from './customValidation.js';
import { formForType } from './formData.js';
import { loadForm } from './formDefinitions.js';
import { recordAfterChange } from './recordAfterChange.js';

/**
 * POST form/evalCalcFieldsForNew (spec 03 §4, §7): a new unsaved record as the form has it so far —
 * the values entered, the fields' defaults (expression defaults evaluated) — with the calculated
 * fields its form shows evaluated on the server, under the caller's permissions. A calculation
 * that fails gives null and is named in `failed`: the form keeps the plain defaults. A value
 * entered that is not valid is left out, as the form will say when it is saved.
 */
export async function evalCalcFieldsForNew(
  ctx: RequestContext,
  req: EvalCalcFieldsForNewRequest,
): Promise<EvalCalcFieldsForNewResponse> {
  const typeRef = req.typeId ?? (await loadForm(ctx, req.formId!)).typeId;
  const type = ctx.schema.type(typeRef);
  if (!type) throw badRequest(`Unknown type ${typeRef}.`);
  if (!ctx.perms.canCreateType(type.id)) throw forbidden();
  const form = await formForType(ctx, type, req.formId);
  const record = await recordAfterChange(ctx, {
    typeId: type.id,
    fields: req.fields,
    relationships: req.relationships,
  });
  if (record.unknown.length > 0) throw badRequest(record.unknown[0]!.message, { errors: record.unknown });

  // Expression defaults of the fields not entered, as the save would give them.
  const entered = new Set(record.sent);
  const calcDefaults = await expressionDefaults(ctx, [{ typeId: type.id }]);
  for (const [fieldId, value] of calcDefaults) {
    const field = ctx.schema.field(fieldId)!;
    if (entered.has(`#${fieldId}`) || value === undefined || field.column) continue;
    record.row.data[String(fieldId)] = value as StoredValue;
  }

  const entity: EntityResponse = {
    id: record.row.id,
    typeId: type.id,
    alias: null,
    name: record.row.name,
    version: 0,
    canModify: true,
    canDelete: false,
  };
  const failed: Record<string, string> = {};
  const data = new FormCalcData(ctx, record);
  const fields = form.controls.flatMap((c) => (c.member.kind === 'field' ? [c.member.field] : []));
  await Promise.all(
    fields.map(async (field) => {
      if (field.type !== 'Calculation') {
        entity[field.scriptName] = fieldValue(record.row, field) ?? null;
        return;
      }
      const compiled = compiledField(ctx.schema, field);
      const result = compiled.ok
        ? await data.evaluate(compiled, { id: String(record.row.id), typeId: String(type.id) })
        : { error: 'The calculation does not compile.' };
      if (result.error !== undefined || !('value' in result)) {
        entity[field.scriptName] = null;
        failed[field.scriptName] = result.error ?? 'Unexpected error.';
      } else entity[field.scriptName] = storedForm(result);
    }),
  );
  return { formDataEntity: entity, failed };
}
