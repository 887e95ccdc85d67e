import { z } from 'zod';
import { invalidValueMessage } from '../validation/messages.js';
import { entityId, idOrAlias } from './common.js';
import { relationshipChange } from './entityContracts.js';

/** A control's id: stable within its form; validation answers are keyed by it. */
export const formControlId = z
  .string()
  .regex(/^[\w-]{1,40}$/, 'Expected a control id of letters, digits, _ or -.');

/**
 * A control of a form (spec 03 §3 "Control"): it renders one field, or one relationship end, of the
 * form's type. `mandatory` makes the value required whatever the field says; a read-only or hidden
 * control is never checked (spec 03 §5). The custom validation is a calculation on the record as it
 * would be saved: true, or a non-blank text, means the value is not valid (decision 0026).
 */
export const formControl = z
  .object({
    id: formControlId,
    fieldToRender: z.number().int().positive().optional(),
    relationshipToRender: z.number().int().positive().optional(),
    /** With `relationshipToRender`: the control shows the relationship's from-end (reverse direction). */
    isReversed: z.boolean().default(false),
    /** The control's name; its title falls back to the field or relationship end name. */
    label: z.string().max(200).optional(),
    /** The validation override: a value is required even when the field or relationship does not say so. */
    mandatory: z.boolean().default(false),
    readOnlyControl: z.boolean().default(false),
    isHidden: z.boolean().default(false),
    customValidationCalculation: z.string().max(10_000).optional(),
    /** Validate an existing record even when nothing on it changed. */
    customValidationAlwaysValidate: z.boolean().default(false),
    /** Shown before the calculation's own text when the custom validation fails. */
    customValidationMessage: z.string().max(1000).optional(),
    /** The container the control sits in (a `containers` entry); none: the form's top level. */
    containerId: formControlId.optional(),
    /** Order among its container's members (spec 03 §3); new controls start at 50, step 10. */
    renderingOrdinal: z.number().int().min(0).max(1_000_000).optional(),
    /** A calculated field shown on a new unsaved record is evaluated on the server (spec 03 §4). */
    showCalculationOnNewUnsavedRecords: z.boolean().optional(),
    /** Show the field's description as help text (spec 03 §2). */
    showControlHelpText: z.boolean().optional(),
    hideLabel: z.boolean().optional(),
  })
  .strict()
  .refine((c) => (c.fieldToRender === undefined) !== (c.relationshipToRender === undefined), {
    message: 'A control renders either a field (fieldToRender) or a relationship (relationshipToRender).',
  });
export type FormControl = z.infer<typeof formControl>;
export type FormControlInput = z.input<typeof formControl>;

/** The most controls one form holds. */
export const maxFormControls = 500;

/**
 * The container kinds of a form (spec 03 §2). The members of a `tabContainer` are its tabs; a tab
 * whose name contains '(expander)' renders as an expander (decision 0074).
 */
export const formContainerTypes = [
  'tabContainer',
  'horizontalStack',
  'verticalStack',
  'headerColumn',
  'form',
  'screen',
  'customEditForm',
  'apiForm',
  'formRender',
  'chartRender',
  'reportRender',
] as const;
export type FormContainerType = (typeof formContainerTypes)[number];

/**
 * A container of a form: holds controls and other containers (those whose `containerId` names it).
 * The tree is kept flat so the checks and the inline editor read the controls as a list.
 */
export const formContainer = z
  .object({
    id: formControlId,
    containerType: z.enum(formContainerTypes),
    name: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    containerId: formControlId.optional(),
    renderingOrdinal: z.number().int().min(0).max(1_000_000).optional(),
    /** Help text for stack, form, chart and report containers only when allowed (spec 03 §2). */
    showControlHelpText: z.boolean().optional(),
    hideLabel: z.boolean().optional(),
    isHidden: z.boolean().default(false),
    /** A form, chart or report a render container shows. */
    renderedId: z.number().int().positive().optional(),
  })
  .strict();
export type FormContainer = z.infer<typeof formContainer>;

/**
 * A form definition as stored: the JSON value of a `core:form` record's `formDefinition` field.
 * `version` names the shape so later shapes migrate stored ones.
 */
export const formDefinition = z
  .object({
    version: z.literal(1),
    /** The type whose records the form edits (derived types' records too). */
    typeId: z.number().int().positive(),
    controls: z.array(formControl).max(maxFormControls).default([]),
    containers: z.array(formContainer).max(maxFormControls).default([]),
  })
  .strict()
  .superRefine((def, ctx) => {
    const seen = new Set<string>();
    const containers = new Map(def.containers.map((c) => [c.id, c]));
    const nodes = [
      ...def.controls.map((c, i) => ({ c, path: ['controls', i] })),
      ...def.containers.map((c, i) => ({ c, path: ['containers', i] })),
    ];
    for (const { c, path } of nodes) {
      if (seen.has(c.id))
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'id'],
          message: `The control id '${c.id}' is used twice.`,
        });
      seen.add(c.id);
      if (c.containerId !== undefined && !containers.has(c.containerId))
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'containerId'],
          message: `The container '${c.containerId}' is not on the form.`,
        });
    }
    for (const [i, c] of def.containers.entries()) {
      // A container may not sit, however deep, inside itself.
      const visited = new Set<string>();
      for (let at: FormContainer | undefined = c; at?.containerId !== undefined; ) {
        if (visited.has(at.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['containers', i, 'containerId'],
            message: `The container '${c.id}' is inside itself.`,
          });
          break;
        }
        visited.add(at.id);
        at = containers.get(at.containerId);
      }
    }
  });
export type FormDefinition = z.infer<typeof formDefinition>;
export type FormDefinitionInput = z.input<typeof formDefinition>;

/**
 * A form as the form calls answer it (GET form/{idOrAlias}, type/{idOrAlias}/defaultForm): a stored
 * form, or one generated from the type's fields and relationships (`id` null).
 */
export const formResponse = z.object({
  id: entityId.nullable(),
  name: z.string(),
  typeId: entityId,
  controls: z.array(formControl),
  containers: z.array(formContainer).default([]),
  /**
   * Changes whenever the answer would: the browser's form cache compares it with the server's to
   * keep or drop its copy (spec 03 §4; decision 0075).
   */
  changeMarker: z.string().max(200).optional(),
  /** Design mode only: controls whose field or relationship the type no longer has. */
  missingControls: z.array(formControlId).optional(),
});
export type FormResponse = z.infer<typeof formResponse>;

/** The record a form validates: an existing one (`id`) or a new one of a type, with the values shown. */
export const formData = z
  .object({
    id: entityId.optional(),
    typeId: idOrAlias.optional(),
    /** Field values keyed by script name, name or `#fieldId`. */
    fields: z.record(z.string().max(200), z.unknown()).optional(),
    /** Relationship changes keyed by the end's script name or `#relId[:rev]`. */
    relationships: z.record(z.string().max(200), relationshipChange).optional(),
  })
  .strict()
  .refine((d) => d.id !== undefined || d.typeId !== undefined, {
    message: 'The form data needs the record id or, for a new record, its typeId.',
  });
export type FormData = z.infer<typeof formData>;

/** POST form/validate (spec 03 §5 "Form validity", §7). */
export const formValidateRequest = z
  .object({
    /** The form; the record type's default form when absent. */
    formId: idOrAlias.optional(),
    formData,
    /** Keys of the changed fields (as in `formData.fields`); every field sent when absent. */
    changedFields: z.array(z.string().max(200)).max(1000).optional(),
    /** Keys of the changed relationship ends; every relationship sent when absent. */
    changedRelationships: z.array(z.string().max(200)).max(1000).optional(),
    /** Controls not to check (hidden on the page, outside the active section…). */
    excludedControls: z.array(formControlId).max(maxFormControls).default([]),
  })
  .strict();
export type FormValidateRequest = z.infer<typeof formValidateRequest>;

/** The errors of the form's controls, keyed by control id; no key means the control is valid. */
export const formValidateResponse = z.object({
  isValid: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type FormValidateResponse = z.infer<typeof formValidateResponse>;

/**
 * The text of a failed custom validation (spec 03 §5): the control's custom message, then the
 * calculation's own text, joined by a space; 'The value is invalid.' when neither has any.
 */
export function customValidationText(customMessage: string | undefined, ownText: string | null): string {
  const parts = [customMessage?.trim(), ownText?.trim()].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : invalidValueMessage;
}
