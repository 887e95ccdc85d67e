import type { CompileResult } from '@plinth/calc';
import type { BehaviorCalcDependency, Schema } from '@plinth/schema';
import { compiledField } from '../calc/calcDataSource.js';
import { compileCustomValidation } from './customValidation.js';
import type { LoadedForm, ResolvedControl } from './formDefinitions.js';

const byForm = new WeakMap<
  Schema,
  WeakMap<LoadedForm['definition'], Record<string, BehaviorCalcDependency>>
>();

/**
 * What each control's behaviour calculations read of the record (spec 03 §7
 * form/behaviorCalcDependencies): its custom validation and, for a calculated field, its
 * calculation. The browser runs a control's behaviour again when one of the controls it reads
 * changes. Controls without a behaviour calculation are left out; one that does not compile
 * reads nothing. Worked out once per definition and metamodel version.
 */
export function behaviorCalcDependencies(
  schema: Schema,
  form: LoadedForm,
): Record<string, BehaviorCalcDependency> {
  let forSchema = byForm.get(schema);
  if (!forSchema) {
    forSchema = new WeakMap();
    byForm.set(schema, forSchema);
  }
  const known = forSchema.get(form.definition);
  if (known) return known;
  const out: Record<string, BehaviorCalcDependency> = {};
  for (const c of form.controls) {
    const compiled = compiledBehaviours(schema, form, c);
    if (compiled.length === 0) continue;
    const fieldIds = new Set<number>();
    const relationshipIds = new Set<number>();
    for (const result of compiled) {
      if (!result.ok) continue;
      for (const id of result.calcFlags.fieldIds) fieldIds.add(Number(id));
      for (const id of result.calcFlags.relationshipIds) relationshipIds.add(Number(id));
    }
    const controlIds = form.controls
      .filter((other) =>
        other.member.kind === 'field'
          ? fieldIds.has(other.member.field.id)
          : relationshipIds.has(other.member.rel.id),
      )
      .map((other) => other.control.id);
    out[c.control.id] = {
      fieldIds: [...fieldIds].sort((a, b) => a - b),
      relationshipIds: [...relationshipIds].sort((a, b) => a - b),
      controlIds,
    };
  }
  forSchema.set(form.definition, out);
  return out;
}

function compiledBehaviours(schema: Schema, form: LoadedForm, c: ResolvedControl): CompileResult[] {
  const out: CompileResult[] = [];
  const expression = c.control.customValidationCalculation;
  if (expression !== undefined && expression.trim() !== '')
    out.push(compileCustomValidation(schema, form.typeId, expression));
  if (c.member.kind === 'field' && c.member.field.type === 'Calculation')
    out.push(compiledField(schema, c.member.field));
  return out;
}
