import { z } from 'zod';
import { entityId, idOrAlias } from './common.js';
import { entityResponse, fieldQuery, relationshipChange } from './entityContracts.js';
import { formControlId, maxFormControls } from './formContracts.js';

/** The spec's messages for the form and data service (spec 03 §8), verbatim. */
export const formServiceMessages = {
  noEntityOrType: 'Unable to get form data. Entity id and typeId were not specified.',
  noInstanceForm: 'Unable to get form for instance.',
  formHasNoId: 'Form has no id.',
  defaultFormHasNoTypeId: 'Default form has no type id.',
} as const;

/**
 * POST form/data (spec 03 §7): the record a form shows, read with the members the form renders (or
 * the `query` sent), and the controls hidden or read-only from the start. `typeId` stands for a new
 * record of a type: the answer is its defaults.
 */
export const formDataRequest = z
  .object({
    entityId: entityId.optional(),
    typeId: idOrAlias.optional(),
    /** The form; the record type's default form when absent. */
    formId: idOrAlias.optional(),
    /** Extra members to read, as a field query, beside those the form renders. */
    query: fieldQuery.optional(),
    /** Where the form is shown, for the log (the spec's hint); it changes nothing. */
    hint: z.string().max(200).optional(),
  })
  .strict();
export type FormDataRequest = z.infer<typeof formDataRequest>;

/** A record a form shows: a stored one, or a new unsaved one with id 0. */
export const formDataEntity = entityResponse.extend({ id: z.number().int().nonnegative() });

export const formDataResponse = z.object({
  /** The record with the form's members keyed by script name (a new record: id 0, its defaults). */
  formDataEntity,
  /** The form the data is for (the default form's id is null when generated). */
  formId: entityId.nullable(),
  initiallyHiddenControls: z.array(formControlId),
  initiallyReadOnlyControls: z.array(formControlId),
});
export type FormDataResponse = z.infer<typeof formDataResponse>;

/** What one control's behaviour (custom validation, calculated value) reads of the record. */
export const behaviorCalcDependency = z.object({
  fieldIds: z.array(entityId),
  relationshipIds: z.array(entityId),
  /** The controls whose value it reads, so the browser knows what to run again on a change. */
  controlIds: z.array(formControlId),
});
export type BehaviorCalcDependency = z.infer<typeof behaviorCalcDependency>;

/** GET form/behaviorCalcDependencies/{idOrAlias} (spec 03 §7), keyed by control id. */
export const behaviorCalcDependenciesResponse = z.object({
  behaviorCalcDependencies: z.record(z.string(), behaviorCalcDependency),
  changeMarker: z.string().max(200).optional(),
});
export type BehaviorCalcDependenciesResponse = z.infer<typeof behaviorCalcDependenciesResponse>;

/**
 * POST form/evalCalcFieldsForNew (spec 03 §4, §7): the calculated fields of a new unsaved record,
 * evaluated on the server with the values entered so far.
 */
export const evalCalcFieldsForNewRequest = z
  .object({
    formId: idOrAlias.optional(),
    typeId: idOrAlias.optional(),
    /** The values entered so far, keyed by script name, name or `#fieldId`. */
    fields: z.record(z.string().max(200), z.unknown()).optional(),
    relationships: z.record(z.string().max(200), relationshipChange).optional(),
  })
  .strict()
  .refine((r) => r.formId !== undefined || r.typeId !== undefined, {
    message: 'Send the formId or the typeId of the new record.',
  });
export type EvalCalcFieldsForNewRequest = z.infer<typeof evalCalcFieldsForNewRequest>;

export const evalCalcFieldsForNewResponse = z.object({
  /** The new record (id 0) with the values sent and its calculated fields. */
  formDataEntity,
  /** Calculated fields that could not be evaluated, with why: the form shows their plain defaults. */
  failed: z.record(z.string(), z.string()),
});
export type EvalCalcFieldsForNewResponse = z.infer<typeof evalCalcFieldsForNewResponse>;

/** POST form/forcerefresh (spec 03 §7): forms whose cached copies everyone must drop. */
export const formForceRefreshRequest = z.array(idOrAlias).min(1).max(100);
export const formForceRefreshResponse = z.object({
  /** The forms' new change markers, by id. */
  changeMarkers: z.record(z.string(), z.string()),
});
export type FormForceRefreshResponse = z.infer<typeof formForceRefreshResponse>;

/** A value a page passes to its custom validations (its variables): typed, maybe a record. */
export const customValidationParam = z
  .object({
    name: z.string().min(1).max(100),
    type: z.string().max(40),
    entityTypeId: entityId.optional(),
    isList: z.boolean().optional(),
    value: z.unknown().optional(),
  })
  .strict();

/**
 * POST appManagement/runCustomValidation (spec 03 §5, §7): the custom validations of a page's
 * components on the page's record as edited; errors keyed by component id.
 */
export const runCustomValidationRequest = z
  .object({
    pageId: idOrAlias,
    contextEntityData: z
      .object({
        id: entityId.optional(),
        typeId: idOrAlias.optional(),
        fields: z.record(z.string().max(200), z.unknown()).optional(),
        relationships: z.record(z.string().max(200), relationshipChange).optional(),
      })
      .strict(),
    changedFields: z.array(z.string().max(200)).max(1000).optional(),
    changedRelationships: z.array(z.string().max(200)).max(1000).optional(),
    /** Components hidden, read-only, or outside the active multistep section. */
    excludedComponents: z.array(z.string().max(80)).max(maxFormControls).default([]),
    params: z.array(customValidationParam).max(200).default([]),
    /** The builder's preview: custom validation does not run (spec 03 §5). */
    isBuildMode: z.boolean().default(false),
  })
  .strict();
export type RunCustomValidationRequest = z.infer<typeof runCustomValidationRequest>;

export const runCustomValidationResponse = z.object({
  errors: z.record(z.string(), z.array(z.string())),
});
export type RunCustomValidationResponse = z.infer<typeof runCustomValidationResponse>;

/**
 * The related-record save payload (spec 03 §7): relate records to a record through one end of a
 * relationship, and each of them to the records of the control's relationship filters.
 */
export const relatedRecordsSaveRequest = z
  .object({
    entityId,
    relationshipId: entityId,
    relationshipIsReverse: z.boolean().default(false),
    relatedEntityIds: z.array(entityId).min(1).max(200),
    relationshipFilters: z
      .array(
        z
          .object({
            relationshipId: entityId,
            relationshipIsReverse: z.boolean().default(false),
            entityIds: z.array(entityId).min(1).max(200),
          })
          .strict(),
      )
      .max(20)
      .default([]),
  })
  .strict();
export type RelatedRecordsSaveRequest = z.infer<typeof relatedRecordsSaveRequest>;

export const relatedRecordsSaveResponse = z.object({
  /** The new versions of the records changed. */
  versions: z.record(z.string(), z.number().int()),
});
export type RelatedRecordsSaveResponse = z.infer<typeof relatedRecordsSaveResponse>;
