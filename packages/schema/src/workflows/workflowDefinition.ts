import { z } from 'zod';

/**
 * A workflow (spec 01 §3, spec 03 §3, decision 0126): typed input arguments and a list of steps.
 * Every expression is in the calculation language, compiled without a context record; it names the
 * arguments and the records earlier steps saved as parameters (`[Opportunity]`, `@FollowUp`).
 * The server compiles them all when the workflow is saved and refuses a workflow that does not.
 */

/** The limits of one workflow. */
export const workflowLimits = { steps: 100, arguments: 20, assignments: 50, expressionLength: 10_000 };

/** A name a calculation can use: a parameter of every step's expressions. */
const variableName = z
  .string()
  .trim()
  .min(1, 'A name is required.')
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_ ]*$/, 'Use letters, digits, spaces and _, starting with a letter.');

const expression = z.string().max(workflowLimits.expressionLength);

/** Input argument types (spec 01 §3). */
export const workflowArgumentTypes = ['core:stringArgument', 'core:resourceArgument'] as const;
export type WorkflowArgumentType = (typeof workflowArgumentTypes)[number];

export const workflowArgument = z
  .object({
    name: variableName,
    type: z.enum(workflowArgumentTypes),
    /** The type of record a resource argument takes. */
    entityTypeId: z.number().int().positive().optional(),
    required: z.boolean().default(false),
  })
  .strict();
export type WorkflowArgument = z.infer<typeof workflowArgument>;

/**
 * A value a step writes: a field of the record (the expression gives the field's type), or a to-one
 * relationship end (the expression gives a record, or null to unlink).
 */
export const workflowAssignment = z
  .object({
    /** A field id or a relationship id of the record's type (either direction). */
    memberId: z.number().int().positive(),
    expression,
  })
  .strict();
export type WorkflowAssignment = z.infer<typeof workflowAssignment>;

const stepBase = {
  /** Stable within the workflow: branches jump to it and the run log names it. */
  id: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1, 'A step name is required.').max(200),
};

const assignments = z.array(workflowAssignment).max(workflowLimits.assignments).default([]);

export const workflowStep = z.discriminatedUnion('kind', [
  z.object({ ...stepBase, kind: z.literal('setFields'), record: expression, values: assignments }).strict(),
  z
    .object({
      ...stepBase,
      kind: z.literal('createRecord'),
      typeId: z.number().int().positive(),
      values: assignments,
      /** The name later steps use for the created record. */
      saveAs: variableName.optional(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      kind: z.enum(['link', 'unlink']),
      relationshipId: z.number().int().positive(),
      from: expression,
      to: expression,
    })
    .strict(),
  z
    .object({
      ...stepBase,
      kind: z.literal('notify'),
      /** A user account, a person with one, or a list of them. */
      recipient: expression,
      subject: expression,
      message: expression.default(''),
      record: expression.optional(),
      email: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      kind: z.literal('assignTask'),
      /** The task's name (text). */
      title: expression,
      /** A user account, or a person with one. */
      assignee: expression,
      record: expression.optional(),
      /** The form page the task opens; without one, the record's own edit page. */
      formPageId: z.number().int().positive().optional(),
      dueInDays: z.number().int().min(0).max(3650).optional(),
      popup: z.boolean().default(false),
      editMode: z.boolean().default(true),
      /** The run waits here until the task is complete. */
      wait: z.boolean().default(true),
      saveAs: variableName.optional(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      kind: z.literal('branch'),
      condition: expression,
      /** The step to go to when true, else when false; absent goes to the next step, 'end' stops. */
      whenTrue: z.string().max(40).optional(),
      whenFalse: z.string().max(40).optional(),
    })
    .strict(),
]);
export type WorkflowStep = z.infer<typeof workflowStep>;
export type WorkflowStepKind = WorkflowStep['kind'];

/** Where a branch goes to stop the run. */
export const endOfWorkflow = 'end';

export const workflowDefinition = z
  .object({
    arguments: z.array(workflowArgument).max(workflowLimits.arguments).default([]),
    steps: z.array(workflowStep).max(workflowLimits.steps).default([]),
  })
  .strict()
  .superRefine((def, issue) => {
    const names = new Set<string>();
    const claim = (name: string, path: (string | number)[]) => {
      const key = name.toLowerCase();
      if (names.has(key))
        issue.addIssue({ code: 'custom', path, message: `The name '${name}' is used twice.` });
      names.add(key);
    };
    def.arguments.forEach((a, i) => {
      claim(a.name, ['arguments', i, 'name']);
      if (a.type === 'core:resourceArgument' && a.entityTypeId === undefined)
        issue.addIssue({
          code: 'custom',
          path: ['arguments', i, 'entityTypeId'],
          message: 'Choose an Object.',
        });
    });
    const ids = new Set<string>();
    def.steps.forEach((s, i) => {
      if (ids.has(s.id))
        issue.addIssue({
          code: 'custom',
          path: ['steps', i, 'id'],
          message: `The step id '${s.id}' is used twice.`,
        });
      ids.add(s.id);
      if ((s.kind === 'createRecord' || s.kind === 'assignTask') && s.saveAs)
        claim(s.saveAs, ['steps', i, 'saveAs']);
    });
    def.steps.forEach((s, i) => {
      if (s.kind !== 'branch') return;
      for (const key of ['whenTrue', 'whenFalse'] as const) {
        const target = s[key];
        if (target !== undefined && target !== endOfWorkflow && !ids.has(target))
          issue.addIssue({
            code: 'custom',
            path: ['steps', i, key],
            message: `There is no step '${target}'.`,
          });
      }
    });
  });
export type WorkflowDefinition = z.infer<typeof workflowDefinition>;

/** A workflow definition from its stored JSON text (an empty or missing one has no steps). */
export function parseWorkflowDefinition(text: unknown): WorkflowDefinition {
  const raw = typeof text === 'string' && text.trim() !== '' ? JSON.parse(text) : {};
  return workflowDefinition.parse(raw);
}

/**
 * The index of the step a run goes to after `index`: a branch's chosen target, else the next step;
 * -1 when the run is finished.
 */
export function nextStepIndex(def: WorkflowDefinition, index: number, branchTaken?: boolean): number {
  const step = def.steps[index];
  if (step?.kind === 'branch' && branchTaken !== undefined) {
    const target = branchTaken ? step.whenTrue : step.whenFalse;
    if (target === endOfWorkflow) return -1;
    if (target !== undefined) return def.steps.findIndex((s) => s.id === target);
  }
  return index + 1 < def.steps.length ? index + 1 : -1;
}
