import { customValidationText, isBlankText, readOnlyMessage, requiredMessage } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { fieldValue } from '../data/entityRepository.js';
import { compileCustomValidation, customValidationProblem, FormCalcData } from './customValidation.js';
import type { LoadedForm, ResolvedControl } from './formDefinitions.js';
import type { RecordAfterChange } from './recordAfterChange.js';

export interface FormCheckOptions {
  /**
   * `changed`: custom validations of the controls whose member changed (inline edit, spec 02 §5);
   * `all`: every control's, once anything changed (a whole form, spec 03 §5). Controls set to
   * always validate run either way.
   */
  scope: 'changed' | 'all';
  /** Controls not to check (hidden on the page…). */
  excluded?: ReadonlySet<string>;
  /**
   * Also answer the members' own rules — values that cannot be stored, required fields and
   * relationships left empty. Off when a save follows that checks them itself: then only the form's
   * mandatory overrides are added.
   */
  withMemberRules: boolean;
}

/** The errors of one control. */
export interface ControlErrors {
  control: ResolvedControl;
  messages: string[];
}

/**
 * Checks a record, as a change would leave it, against a form (spec 03 §5): mandatory controls
 * (the override, or the member's own rule) must have a value; custom validations run on the
 * record — for an existing record only when something changed or the control always validates.
 * Hidden and read-only controls, controls of read-only or calculated fields and auto-numbers, and
 * excluded controls are skipped. Answers the failing controls, in the form's order.
 */
export async function formErrors(
  ctx: RequestContext,
  form: LoadedForm,
  record: RecordAfterChange,
  options: FormCheckOptions,
): Promise<ControlErrors[]> {
  const somethingChanged = record.isNew || record.changed.size > 0;
  const checked = form.controls.filter((c) => isChecked(c, options.excluded));
  const messages = new Map<ResolvedControl, string[]>();
  const add = (c: ResolvedControl, message: string) => {
    const list = messages.get(c) ?? [];
    if (!list.includes(message)) list.push(message);
    messages.set(c, list);
  };

  const custom: ResolvedControl[] = [];
  for (const c of checked) {
    const invalid = record.invalid.get(c.key);
    if (invalid !== undefined) {
      // A value that cannot be stored is the save's error; its custom validation cannot run on it.
      if (options.withMemberRules) add(c, invalid);
      continue;
    }
    const isRequired = c.control.mandatory || (options.withMemberRules && memberIsRequired(c));
    if (isRequired && (record.isNew || record.sent.has(c.key)) && isEmpty(record, c)) {
      add(c, requiredMessage);
      continue;
    }
    const expression = c.control.customValidationCalculation;
    if (expression === undefined || expression.trim() === '') continue;
    const relevant =
      c.control.customValidationAlwaysValidate ||
      (somethingChanged &&
        (options.scope === 'all' || validationTouches(ctx, form, c, expression, record.changed)));
    if (relevant) custom.push(c);
  }

  if (custom.length > 0) {
    const data = new FormCalcData(ctx, record);
    // Evaluated together, so their reads of related records are batched.
    const outcomes = await Promise.all(
      custom.map(async (c) => {
        const compiled = compileCustomValidation(
          ctx.schema,
          form.typeId,
          c.control.customValidationCalculation!,
        );
        const problem = customValidationProblem(compiled);
        if (problem) return { ok: false as const, text: `The custom validation could not run: ${problem}` };
        return data.check(compiled);
      }),
    );
    custom.forEach((c, i) => {
      const outcome = outcomes[i]!;
      if (!outcome.ok) add(c, customValidationText(c.control.customValidationMessage, outcome.text));
    });
  }
  return checked
    .filter((c) => messages.has(c))
    .map((control) => ({ control, messages: messages.get(control)! }));
}

/**
 * The members a change of an existing record edits though the form shows them read-only (spec 02
 * §5): a value sent that differs from the stored one is refused; one sent as stored is not. A
 * member's first control decides, as it decides the grid's cell.
 */
export function readOnlyErrors(form: LoadedForm, record: RecordAfterChange): ControlErrors[] {
  return firstControls(form)
    .filter((c) => c.control.readOnlyControl && record.changed.has(c.key))
    .map((control) => ({ control, messages: [readOnlyMessage] }));
}

/**
 * Whether the form could refuse a change of an existing record that sends these members (keys as
 * `memberKey` names them), known without reading the record: a read-only control or a mandatory
 * override on a member sent, or a custom validation that always runs, is on a member sent or reads
 * one. When it cannot, the inline save need not work out the record after the change.
 */
export function formMayRefuse(ctx: RequestContext, form: LoadedForm, sent: ReadonlySet<string>): boolean {
  if (firstControls(form).some((c) => c.control.readOnlyControl && sent.has(c.key))) return true;
  return form.controls.some((c) => {
    if (!isChecked(c, undefined)) return false;
    if (c.control.mandatory && sent.has(c.key)) return true;
    const expression = c.control.customValidationCalculation;
    if (expression === undefined || expression.trim() === '') return false;
    return c.control.customValidationAlwaysValidate || validationTouches(ctx, form, c, expression, sent);
  });
}

/** The first control of each member, in the form's order. */
function firstControls(form: LoadedForm): ResolvedControl[] {
  const seen = new Set<string>();
  return form.controls.filter((c) => {
    if (seen.has(c.key)) return false;
    seen.add(c.key);
    return true;
  });
}

/** Whether a control's custom validation is on a member among `keys` or reads one. */
function validationTouches(
  ctx: RequestContext,
  form: LoadedForm,
  c: ResolvedControl,
  expression: string,
  keys: ReadonlySet<string>,
): boolean {
  return keys.has(c.key) || readsChanged(compileCustomValidation(ctx.schema, form.typeId, expression), keys);
}

/**
 * Whether a validation reads a member the change touched: a rule on Amount that reads Stage runs
 * when only Stage changed, so editing another member cannot slip past it.
 */
function readsChanged(
  compiled: ReturnType<typeof compileCustomValidation>,
  changed: ReadonlySet<string>,
): boolean {
  if (changed.size === 0) return false;
  const flags = compiled.calcFlags;
  if (!flags) return true;
  if (flags.fieldIds.some((id) => changed.has(`#${id}`))) return true;
  return flags.relationshipIds.some((id) => changed.has(`#${id}:fwd`) || changed.has(`#${id}:rev`));
}

function isChecked(c: ResolvedControl, excluded: ReadonlySet<string> | undefined): boolean {
  if (c.control.isHidden || c.control.readOnlyControl || excluded?.has(c.control.id)) return false;
  if (c.member.kind === 'field') {
    const f = c.member.field;
    return f.type !== 'AutoNumber' && f.type !== 'Calculation' && !f.isReadOnly;
  }
  return c.member.rel.column === undefined;
}

function memberIsRequired(c: ResolvedControl): boolean {
  if (c.member.kind === 'field') return c.member.field.isRequired;
  return c.member.direction === 'fwd' ? c.member.rel.isMandatory : c.member.rel.isReverseMandatory;
}

/** A value the required rule counts as missing (spec 03 §5): null, blank text, no related records. */
function isEmpty(record: RecordAfterChange, c: ResolvedControl): boolean {
  if (c.member.kind === 'relationship') {
    const ids = record.related.get(c.key);
    // An end the change does not name keeps its records: only a new record has none for sure.
    return ids ? ids.length === 0 : record.isNew;
  }
  const value = fieldValue(record.row, c.member.field);
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && isBlankText(value, c.member.field.type === 'RichText');
}
