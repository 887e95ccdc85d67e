import { renameReferences } from '@plinth/calc';
import type { EditorParameter } from '@plinth/expression-editor';
import {
  sysType,
  type WorkflowArgument,
  type WorkflowDefinition,
  type WorkflowStep,
  type WorkflowStepKind,
  workflowDefinition,
  workflowLimits,
} from '@plinth/schema';

/**
 * A workflow as its editor holds it (decision 0130): the record's name, description and roles, and
 * the definition's arguments and steps. An Object, relationship or member not chosen yet is 0, which
 * the check before a save names ("Choose an Object.").
 */
export interface WorkflowDraft {
  name: string;
  description: string;
  /** The roles that may run it; empty means everyone may. */
  runnableBy: number[];
  arguments: WorkflowArgument[];
  steps: WorkflowStep[];
}

/** The kinds of step in the order the Add step menu offers them, with their labels. */
export const stepKinds: ReadonlyArray<{ kind: WorkflowStepKind; label: string }> = [
  { kind: 'setFields', label: 'Set fields' },
  { kind: 'createRecord', label: 'Create a record' },
  { kind: 'link', label: 'Link records' },
  { kind: 'unlink', label: 'Unlink records' },
  { kind: 'notify', label: 'Send a notification' },
  { kind: 'assignTask', label: 'Assign a task' },
  { kind: 'branch', label: 'Branch' },
];

export const stepKindLabel = (kind: WorkflowStepKind): string =>
  stepKinds.find((k) => k.kind === kind)?.label ?? kind;

export const emptyDraft = (): WorkflowDraft => ({
  name: '',
  description: '',
  runnableBy: [],
  arguments: [],
  steps: [],
});

/** A draft from a stored workflow; a definition that does not read starts empty (the save checks it). */
export function draftOf(record: {
  name: string | null;
  description: string | null;
  definitionText: string | null;
  runnableBy: ReadonlyArray<{ id: number }>;
}): WorkflowDraft {
  let definition: WorkflowDefinition = { arguments: [], steps: [] };
  try {
    const text = record.definitionText?.trim();
    if (text) definition = workflowDefinition.parse(JSON.parse(text));
  } catch {
    // A stored definition always passed the server's check; one that does not read is shown empty.
  }
  return {
    name: record.name ?? '',
    description: record.description ?? '',
    runnableBy: record.runnableBy.map((r) => r.id),
    arguments: definition.arguments,
    steps: definition.steps,
  };
}

/**
 * A new step id: six letters and digits not used by another step. Ids stay with their step through
 * moves and renames, so branches and run logs keep pointing at it.
 */
export function newStepId(steps: readonly WorkflowStep[], random: () => number = Math.random): string {
  const used = new Set(steps.map((s) => s.id));
  for (;;) {
    const id = `s${Math.floor(random() * 36 ** 5)
      .toString(36)
      .padStart(5, '0')}`;
    if (!used.has(id)) return id;
  }
}

/** A new step of a kind, named after it, with every setting at its default. */
export function newStep(
  kind: WorkflowStepKind,
  steps: readonly WorkflowStep[],
  random?: () => number,
): WorkflowStep {
  const base = { id: newStepId(steps, random), name: stepKindLabel(kind) };
  switch (kind) {
    case 'setFields':
      return { ...base, kind, record: '', values: [] };
    case 'createRecord':
      return { ...base, kind, typeId: 0, values: [] };
    case 'link':
    case 'unlink':
      return { ...base, kind, relationshipId: 0, from: '', to: '' };
    case 'notify':
      return { ...base, kind, recipient: '', subject: '', message: '', email: false };
    case 'assignTask':
      return { ...base, kind, title: '', assignee: '', popup: false, editMode: true, wait: true };
    case 'branch':
      return { ...base, kind, condition: '' };
  }
}

/** The steps with the one at `from` moved to `to` (both in range). */
export function moveStep<T>(steps: readonly T[], from: number, to: number): T[] {
  const out = [...steps];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

/** The steps without the one at `index`; a branch that went to it goes to the next step instead. */
export function removeStep(steps: readonly WorkflowStep[], index: number): WorkflowStep[] {
  const gone = steps[index]?.id;
  return steps
    .filter((_, i) => i !== index)
    .map((s) => {
      if (s.kind !== 'branch') return s;
      const { whenTrue, whenFalse, ...rest } = s;
      return {
        ...rest,
        ...(whenTrue !== undefined && whenTrue !== gone ? { whenTrue } : {}),
        ...(whenFalse !== undefined && whenFalse !== gone ? { whenFalse } : {}),
      };
    });
}

/**
 * The parameters a step's expressions may use, as the server declares them: the arguments (text as
 * String, a resource as a record of its Object) and the names earlier steps saved their record as.
 */
export function parametersOfStep(
  draft: Pick<WorkflowDraft, 'arguments' | 'steps'>,
  index: number,
): EditorParameter[] {
  const params: EditorParameter[] = draft.arguments
    .filter((a) => a.name.trim() !== '')
    .map((a) =>
      a.type === 'core:resourceArgument'
        ? { name: a.name.trim(), type: 'Entity', ...(a.entityTypeId ? { entityTypeId: a.entityTypeId } : {}) }
        : { name: a.name.trim(), type: 'String' },
    );
  for (const step of draft.steps.slice(0, Math.max(0, index))) {
    const saveAs = (step.kind === 'createRecord' || step.kind === 'assignTask') && step.saveAs?.trim();
    if (!saveAs) continue;
    const typeId = step.kind === 'createRecord' ? step.typeId : sysType.userTask;
    params.push({ name: saveAs, type: 'Entity', ...(typeId ? { entityTypeId: typeId } : {}) });
  }
  return params;
}

/** Every expression of a step with `rename` applied. */
function mapExpressions(step: WorkflowStep, rename: (expr: string) => string): WorkflowStep {
  const values =
    'values' in step ? { values: step.values.map((v) => ({ ...v, expression: rename(v.expression) })) } : {};
  const record = 'record' in step && step.record !== undefined ? { record: rename(step.record) } : {};
  switch (step.kind) {
    case 'setFields':
    case 'createRecord':
      return { ...step, ...values, ...record } as WorkflowStep;
    case 'link':
    case 'unlink':
      return { ...step, from: rename(step.from), to: rename(step.to) };
    case 'notify':
      return {
        ...step,
        ...record,
        recipient: rename(step.recipient),
        subject: rename(step.subject),
        message: rename(step.message),
      };
    case 'assignTask':
      return { ...step, ...record, title: rename(step.title), assignee: rename(step.assignee) };
    case 'branch':
      return { ...step, condition: rename(step.condition) };
  }
}

/**
 * The steps with every reference to a renamed argument or saved record written with its new name
 * (`[Opp]` becomes `[Opportunity]`); null when no expression named it.
 */
export function renameVariable(
  steps: readonly WorkflowStep[],
  from: string,
  to: string,
): WorkflowStep[] | null {
  const old = from.trim();
  const name = to.trim();
  if (!old || !name || old === name) return null;
  const renamed = steps.map((s) => mapExpressions(s, (expr) => renameReferences(expr, old, name)));
  return JSON.stringify(renamed) === JSON.stringify(steps) ? null : renamed;
}

/** The definition a draft saves (before its check). Empty optional texts are left out. */
export function definitionOf(draft: WorkflowDraft): unknown {
  const optional = (text: string | undefined) => (text?.trim() ? text : undefined);
  return {
    arguments: draft.arguments.map((a) => ({
      ...a,
      ...(a.type === 'core:stringArgument' ? { entityTypeId: undefined } : {}),
    })),
    steps: draft.steps.map((s) => {
      switch (s.kind) {
        case 'createRecord':
          return { ...s, saveAs: optional(s.saveAs) };
        case 'assignTask':
          return { ...s, record: optional(s.record), saveAs: optional(s.saveAs) };
        case 'notify':
          return { ...s, record: optional(s.record) };
        default:
          return s;
      }
    }),
  };
}

/** A message for one value, keyed by its path under the argument or step: `name`, `values.0.memberId`. */
export type MemberErrors = Record<string, string>;

export interface DraftErrors {
  name?: string;
  /** The check's messages by argument index. */
  arguments: Record<number, MemberErrors>;
  /** The check's messages by step index. */
  steps: Record<number, MemberErrors>;
  /** The server's refusal of a step, by step index, in its words. */
  stepRefusals: Record<number, string>;
  /** The server's refusal of the arguments. */
  argumentsRefusal?: string;
  /** Messages about the workflow as a whole. */
  other: string[];
}

export const noErrors = (): DraftErrors => ({ arguments: {}, steps: {}, stepRefusals: {}, other: [] });

export const hasErrors = (e: DraftErrors): boolean =>
  e.name !== undefined ||
  e.argumentsRefusal !== undefined ||
  e.other.length > 0 ||
  [e.arguments, e.steps, e.stepRefusals].some((byIndex) => Object.keys(byIndex).length > 0);

/** The words for a value the schema refuses with a generic message (a choice not made, a number). */
function plainMessage(key: string, message: string): string {
  const last = key.split('.').pop();
  if (last === 'typeId' || last === 'entityTypeId') return 'Choose an Object.';
  if (last === 'relationshipId') return 'Choose a relationship.';
  if (last === 'memberId') return 'Choose a field or relationship.';
  if (last === 'dueInDays') return 'Give a whole number of days from 0 to 3650.';
  if (/too big/i.test(message) && /string/i.test(message))
    return `Keep it under ${workflowLimits.expressionLength.toLocaleString('en')} characters.`;
  return message;
}

/**
 * Checks a draft as the server's schema does, before anything is sent: the definition, or the
 * messages by argument and step, each at the value it is about.
 */
export function checkDraft(draft: WorkflowDraft): {
  definition: WorkflowDefinition | null;
  errors: DraftErrors;
} {
  const errors = noErrors();
  if (!draft.name.trim()) errors.name = 'A name is required.';
  const parsed = workflowDefinition.safeParse(definitionOf(draft));
  // The schema's own check of the arguments runs only once every value has the right type.
  draft.arguments.forEach((a, index) => {
    if (a.type === 'core:resourceArgument' && !a.entityTypeId)
      errors.arguments[index] = { entityTypeId: 'Choose an Object.' };
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [section, index, ...rest] = issue.path;
      const key = rest.join('.');
      if ((section === 'arguments' || section === 'steps') && typeof index === 'number') {
        const byIndex = errors[section][index] ?? {};
        byIndex[key] = byIndex[key] ?? plainMessage(key, issue.message);
        errors[section][index] = byIndex;
      } else errors.other.push(issue.message);
    }
  }
  return { definition: parsed.success && !errors.name ? parsed.data : null, errors };
}

/**
 * The server's refusal of a definition, by where it points (decision 0126): "Step 2 'Set stage',
 * Stage: …" is step 2's, "Arguments, …" the arguments'; anything else is about the whole workflow.
 */
export function refusalErrors(messages: readonly string[], stepCount: number): DraftErrors {
  const errors = noErrors();
  const steps: Record<number, string[]> = {};
  const args: string[] = [];
  for (const line of messages.flatMap((m) => m.split('\n')).map((m) => m.trim())) {
    if (!line) continue;
    const step = /^Step (\d+)\b/.exec(line);
    const index = step ? Number(step[1]) - 1 : -1;
    if (index >= 0 && index < stepCount) steps[index] = [...(steps[index] ?? []), line];
    else if (/^Arguments\b/i.test(line)) args.push(line);
    else errors.other.push(line);
  }
  for (const [index, lines] of Object.entries(steps)) errors.stepRefusals[Number(index)] = lines.join('\n');
  if (args.length > 0) errors.argumentsRefusal = args.join('\n');
  return errors;
}
