import type { EditorParameter } from '@plinth/expression-editor';
import { endOfWorkflow, type WorkflowStep } from '@plinth/schema';
import { type ReactNode, useRef, useState } from 'react';
import { Check, Choose, PropertySelect, PropertyText } from '../admin/public';
import { AssignmentList, type AssignmentListProps } from './AssignmentList';
import { WorkflowExpression } from './WorkflowExpression';
import type { MemberErrors } from './workflowDraft';
import { linkableRelationships } from './workflowMembers';
import { useFormPages, useTypeSchema, type WorkflowServices } from './workflowServices';

export interface StepFieldsProps {
  services: WorkflowServices;
  step: WorkflowStep;
  /** 1-based: names the step's editors ("Step 2: Record"). */
  stepNumber: number;
  /** Every step, for a branch's targets. */
  steps: readonly WorkflowStep[];
  params: readonly EditorParameter[];
  errors: MemberErrors;
  /** Told when a saved record's name is left changed, so later steps' references follow it. */
  onRename: (from: string, to: string) => void;
  /** Changes the step as it is then (edits in a row each see the one before). */
  onChange: (update: (step: WorkflowStep) => WorkflowStep) => void;
}

/** The settings of one step, by its kind: names, Objects, expressions and switches. */
export function StepFields(props: StepFieldsProps) {
  const { step, stepNumber, errors, onChange } = props;
  // The Object a record expression gives, as its compile says, and one chosen when it does not say.
  const [compiledType, setCompiledType] = useState<number | null>(null);
  const [chosenType, setChosenType] = useState<number | null>(null);
  const expression = (
    key: string,
    label: string,
    value: string,
    set: (text: string) => void,
    options: { expected?: string; hint?: string; placeholder?: string; tracksType?: boolean } = {},
  ) => (
    <WorkflowExpression
      api={props.services.calcApi}
      label={label}
      accessibleName={`Step ${stepNumber}: ${label}`}
      value={value}
      onChange={set}
      params={props.params}
      expectedResultType={options.expected}
      hint={options.hint}
      placeholder={options.placeholder}
      error={errors[key]}
      {...(options.tracksType ? { onRecordType: setCompiledType } : {})}
    />
  );
  const update = (change: Partial<WorkflowStep>) => onChange((s) => ({ ...s, ...change }) as WorkflowStep);
  const updateValues: AssignmentListProps['onChange'] = (values) =>
    onChange((s) => ('values' in s ? { ...s, values: values(s.values) } : s));
  const recordType = compiledType ?? chosenType;
  // Asked only when the record's expression does not say which Object it gives.
  const objectChoice = (label: string, hint: string) =>
    compiledType === null ? (
      <div className="pl-workflow__object-choice">
        <Choose
          label={label}
          options={props.services.objects}
          selected={chosenType}
          onChange={setChosenType}
          placeholder="Choose an Object…"
        />
        <p className="pl-field__hint">{hint}</p>
      </div>
    ) : null;

  return (
    <div className="pl-workflow__fields">
      <PropertyText
        label="Step name"
        value={step.name}
        onChange={(name) => update({ name })}
        error={errors.name}
        isRequired
      />
      {step.kind === 'setFields' && (
        <>
          {expression('record', 'Record', step.record, (record) => update({ record }), {
            hint: 'The record to change, e.g. [Opportunity].',
            tracksType: true,
          })}
          {objectChoice('Object of the record', "The record's Object, to choose its fields by.")}
          <AssignmentList
            services={props.services}
            stepNumber={stepNumber}
            typeId={recordType}
            values={step.values}
            onChange={updateValues}
            params={props.params}
            errors={errors}
          />
        </>
      )}
      {step.kind === 'createRecord' && (
        <>
          <Choose
            label="Object"
            options={props.services.objects.filter((o) => !o.isAbstract)}
            selected={step.typeId || null}
            onChange={(typeId) => update({ typeId })}
            placeholder="Choose an Object…"
          />
          <FieldError message={errors.typeId} />
          <AssignmentList
            services={props.services}
            stepNumber={stepNumber}
            typeId={step.typeId || null}
            values={step.values}
            onChange={updateValues}
            params={props.params}
            errors={errors}
          />
          <SaveAs
            value={step.saveAs}
            onChange={(saveAs) => update({ saveAs })}
            onRename={props.onRename}
            error={errors.saveAs}
          />
        </>
      )}
      {(step.kind === 'link' || step.kind === 'unlink') && (
        <>
          {expression('from', 'From', step.from, (from) => update({ from }), {
            hint: 'The record the relationship starts from.',
            tracksType: true,
          })}
          {objectChoice('Object of the from record', "The from record's Object, to choose its relationship.")}
          <RelationshipChoice
            services={props.services}
            typeId={recordType}
            selected={step.relationshipId}
            onChange={(relationshipId) => update({ relationshipId })}
            error={errors.relationshipId}
          />
          {expression('to', 'To', step.to, (to) => update({ to }), {
            hint: step.kind === 'link' ? 'The record to link it to.' : 'The record to unlink from it.',
          })}
        </>
      )}
      {step.kind === 'notify' && (
        <>
          {expression('recipient', 'Recipient', step.recipient, (recipient) => update({ recipient }), {
            hint: 'A user, a person with an account, or a list of them.',
          })}
          {expression('subject', 'Subject', step.subject, (subject) => update({ subject }), {
            expected: 'String',
            placeholder: "'Deal won: ' & [Opportunity].[Name]",
          })}
          {expression('message', 'Message', step.message, (message) => update({ message }), {
            expected: 'String',
          })}
          {expression('record', 'About the record', step.record ?? '', (record) => update({ record }), {
            hint: 'Optional: the record the notification links to.',
          })}
          <Check isSelected={step.email} onChange={(email) => update({ email })}>
            Also send it by email
          </Check>
        </>
      )}
      {step.kind === 'assignTask' && (
        <TaskFields {...props} step={step} expression={expression} recordType={compiledType} />
      )}
      {step.kind === 'branch' && (
        <>
          {expression('condition', 'Condition', step.condition, (condition) => update({ condition }), {
            expected: 'Bool',
          })}
          <div className="pl-workflow__pair">
            <BranchTarget
              label="When true, go to"
              step={step}
              steps={props.steps}
              value={step.whenTrue}
              onChange={(whenTrue) => update({ whenTrue })}
              error={errors.whenTrue}
            />
            <BranchTarget
              label="When false, go to"
              step={step}
              steps={props.steps}
              value={step.whenFalse}
              onChange={(whenFalse) => update({ whenFalse })}
              error={errors.whenFalse}
            />
          </div>
        </>
      )}
    </div>
  );
}

type ExpressionField = (
  key: string,
  label: string,
  value: string,
  set: (text: string) => void,
  options?: { expected?: string; hint?: string; placeholder?: string; tracksType?: boolean },
) => ReactNode;

/** A task: its title, assignee and record, the form it opens and how. */
function TaskFields({
  services,
  step,
  errors,
  onChange,
  expression,
  recordType,
  onRename,
}: StepFieldsProps & {
  step: Extract<WorkflowStep, { kind: 'assignTask' }>;
  expression: ExpressionField;
  /** The Object of the task's record, when its expression gives one: its forms are offered. */
  recordType: number | null;
}) {
  const pages = useFormPages(services);
  const update = (change: Partial<typeof step>) => onChange((s) => ({ ...s, ...change }) as WorkflowStep);
  const [due, setDue] = useState(step.dueInDays === undefined ? '' : String(step.dueInDays));
  const forType = (pages ?? []).filter(
    (p) => recordType === null || p.contextEntityTypeId === null || p.contextEntityTypeId === recordType,
  );
  return (
    <>
      {expression('title', 'Title', step.title, (title) => update({ title }), {
        expected: 'String',
        placeholder: "'Follow up ' & [Opportunity].[Name]",
      })}
      {expression('assignee', 'Assignee', step.assignee, (assignee) => update({ assignee }), {
        hint: 'A user, or a person with an account.',
      })}
      {expression('record', 'Record', step.record ?? '', (record) => update({ record }), {
        hint: 'Optional: the record the task is about.',
        tracksType: true,
      })}
      <PropertySelect
        label="Form"
        options={[
          { id: '', name: "The record's own edit page" },
          ...forType.map((p) => ({ id: String(p.id), name: `${p.name} (${p.appName})` })),
        ]}
        value={step.formPageId === undefined ? '' : String(step.formPageId)}
        onChange={(id) =>
          onChange((s) => {
            const { formPageId: _, ...rest } = s as typeof step;
            return id ? { ...rest, formPageId: Number(id) } : rest;
          })
        }
        hint={pages === null ? 'Reading the apps’ form pages…' : 'The page the task opens.'}
        error={errors.formPageId}
      />
      <PropertyText
        label="Due in (days)"
        value={due}
        inputMode="numeric"
        onChange={(text) => {
          setDue(text);
          const days = text.trim();
          onChange((s) => {
            const { dueInDays: _, ...rest } = s as typeof step;
            return days === ''
              ? rest
              : { ...rest, dueInDays: /^\d+$/.test(days) ? Number(days) : Number.NaN };
          });
        }}
        hint="Leave empty for no due date."
        error={errors.dueInDays}
      />
      <div className="pl-admin__checks">
        <Check isSelected={step.popup} onChange={(popup) => update({ popup })}>
          Open it in a popup
        </Check>
        <Check isSelected={step.editMode} onChange={(editMode) => update({ editMode })}>
          Open the record in edit mode
        </Check>
        <Check isSelected={step.wait} onChange={(wait) => update({ wait })}>
          Wait until it is done
        </Check>
      </div>
      <SaveAs
        value={step.saveAs}
        onChange={(saveAs) => update({ saveAs })}
        onRename={onRename}
        error={errors.saveAs}
      />
    </>
  );
}

/** The name later steps use for the record a step made. */
function SaveAs({
  value,
  onChange,
  onRename,
  error,
}: {
  value: string | undefined;
  onChange: (name: string) => void;
  onRename: (from: string, to: string) => void;
  error: string | undefined;
}) {
  const nameOnEntry = useRef('');
  return (
    <PropertyText
      label="Save as"
      value={value ?? ''}
      onChange={onChange}
      spellCheck={false}
      hint="Optional: a name later steps use for it, e.g. FollowUp (written [FollowUp])."
      error={error}
      onFocus={() => {
        nameOnEntry.current = value ?? '';
      }}
      onBlur={() => onRename(nameOnEntry.current, value ?? '')}
    />
  );
}

/** The relationship a link step follows, from the from record's Object. */
function RelationshipChoice({
  services,
  typeId,
  selected,
  onChange,
  error,
}: {
  services: WorkflowServices;
  typeId: number | null;
  selected: number;
  onChange: (id: number) => void;
  error: string | undefined;
}) {
  const schema = useTypeSchema(services.api, typeId);
  return (
    <>
      <Choose
        label="Relationship"
        options={schema ? linkableRelationships(schema) : []}
        selected={selected || null}
        onChange={onChange}
        placeholder={schema ? 'Choose a relationship…' : 'Choose the Object first'}
      />
      <FieldError message={error} />
    </>
  );
}

const nextStep = 'next';

/** Where a branch goes: the next step, another step, or the end of the workflow. */
function BranchTarget({
  label,
  step,
  steps,
  value,
  onChange,
  error,
}: {
  label: string;
  step: WorkflowStep;
  steps: readonly WorkflowStep[];
  value: string | undefined;
  onChange: (target: string | undefined) => void;
  error: string | undefined;
}) {
  const options = [
    { id: nextStep, name: 'The next step' },
    ...steps.flatMap((s, i) => (s.id === step.id ? [] : [{ id: s.id, name: `Step ${i + 1}: ${s.name}` }])),
    { id: endOfWorkflow, name: 'The end (stop the run)' },
  ];
  return (
    <PropertySelect
      label={label}
      options={options}
      value={value ?? nextStep}
      onChange={(id) => onChange(id === nextStep ? undefined : id)}
      error={error}
    />
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="pl-field__error" role="alert">
      {message}
    </p>
  ) : null;
}
