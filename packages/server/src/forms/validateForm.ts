import type { FormValidateRequest, FormValidateResponse } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { formErrors } from './formChecks.js';
import { canReadType, defaultFormOf, loadForm } from './formDefinitions.js';
import { recordAfterChange } from './recordAfterChange.js';

/**
 * Server form validation (spec 03 §5 "Form validity", §7 POST form/validate): the record the form
 * data describes — an existing one with its changes, or a new one — checked against the form, its
 * required values and custom validations; errors keyed by control id. Nothing is saved.
 */
export async function validateForm(
  ctx: RequestContext,
  req: FormValidateRequest,
): Promise<FormValidateResponse> {
  const record = await recordAfterChange(ctx, req.formData);
  if (!canReadType(ctx, record.type.id)) throw forbidden();
  if (record.unknown.length > 0) throw badRequest(record.unknown[0]!.message, { errors: record.unknown });
  const form =
    req.formId === undefined ? await defaultFormOf(ctx, record.type) : await loadForm(ctx, req.formId);
  if (!ctx.schema.isA(record.type.id, form.typeId))
    throw badRequest(`The form is not for records of '${record.type.name}'.`);

  // The changed members the caller names; by default, what the form data sends.
  const named = (keys: readonly string[] | undefined, kind: 'field' | 'relationship') => {
    if (keys === undefined) return;
    for (const key of [...record.changed]) {
      const isField = !key.includes(':');
      if ((kind === 'field') === isField) record.changed.delete(key);
    }
    for (const key of keys) {
      const member = ctx.schema.member(record.type.id, key);
      if (member?.kind !== kind) throw badRequest(`'${key}' is not a ${kind} of '${record.type.name}'.`);
      record.changed.add(
        member.kind === 'field' ? `#${member.field.id}` : `#${member.rel.id}:${member.direction}`,
      );
    }
  };
  if (!record.isNew) {
    named(req.changedFields, 'field');
    named(req.changedRelationships, 'relationship');
  }

  const failing = await formErrors(ctx, form, record, {
    scope: 'all',
    excluded: new Set(req.excludedControls),
    withMemberRules: true,
  });
  const errors = Object.fromEntries(failing.map((f) => [f.control.control.id, f.messages]));
  return { isValid: failing.length === 0, errors };
}
