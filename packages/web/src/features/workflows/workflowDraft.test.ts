import { sysType, type WorkflowStep } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  emptyDraft,
  moveStep,
  newStep,
  newStepId,
  parametersOfStep,
  refusalErrors,
  removeStep,
  renameVariable,
} from './workflowDraft';

const branch = (id: string, whenTrue?: string, whenFalse?: string): WorkflowStep => ({
  id,
  name: 'Big deal?',
  kind: 'branch',
  condition: '[Opportunity].[Amount] > 1000',
  ...(whenTrue ? { whenTrue } : {}),
  ...(whenFalse ? { whenFalse } : {}),
});

describe('a workflow draft', () => {
  it('gives each new step an id no other step has', () => {
    const steps = [newStep('notify', [], () => 0)];
    expect(steps[0]!.id).toBe('s00000');
    // The same random number again is not taken twice.
    let calls = 0;
    expect(newStepId(steps, () => (calls++ === 0 ? 0 : 0.5))).not.toBe('s00000');
  });

  it('moves a step, and a removed step is no branch target any more', () => {
    const a = newStep('setFields', []);
    const b = newStep('notify', [a]);
    const c = branch('sbr', b.id, 'end');
    expect(moveStep([a, b, c], 2, 0).map((s) => s.id)).toEqual(['sbr', a.id, b.id]);
    const [kept, left] = removeStep([a, b, c], 1);
    expect(kept).toBe(a);
    expect(left).toEqual(branch('sbr', undefined, 'end'));
  });

  it('renames the references to a variable in every expression, and says when none changed', () => {
    const steps: WorkflowStep[] = [
      {
        id: 's1',
        name: 'Set',
        kind: 'setFields',
        record: '[Opp]',
        values: [{ memberId: 1, expression: '[Opp].Amount * 2' }],
      },
      {
        id: 's2',
        name: 'Tell',
        kind: 'notify',
        recipient: '[Opp].Owner',
        subject: "'Won'",
        message: '',
        email: false,
      },
      { id: 's3', name: 'Big?', kind: 'branch', condition: 'let Opp = 1 select Opp > 0' },
    ];
    const renamed = renameVariable(steps, 'Opp', 'Opportunity')!;
    expect(renamed[0]).toMatchObject({
      record: '[Opportunity]',
      values: [{ memberId: 1, expression: '[Opportunity].Amount * 2' }],
    });
    expect(renamed[1]).toMatchObject({ recipient: '[Opportunity].Owner', subject: "'Won'" });
    // A name the expression binds itself is not the variable.
    expect(renamed[2]).toEqual(steps[2]);
    expect(renameVariable(steps, 'Nobody', 'Someone')).toBeNull();
    expect(renameVariable(steps, 'Opp', ' ')).toBeNull();
  });

  it('declares the arguments and the records earlier steps saved, as the server does', () => {
    const draft = {
      arguments: [
        { name: 'Opportunity', type: 'core:resourceArgument' as const, entityTypeId: 10_020, required: true },
        { name: 'Reason', type: 'core:stringArgument' as const, required: false },
      ],
      steps: [
        { ...newStep('createRecord', []), typeId: 10_040, saveAs: 'FollowUp' } as WorkflowStep,
        { ...newStep('assignTask', []), saveAs: 'Call' } as WorkflowStep,
        newStep('notify', []),
      ],
    };
    expect(parametersOfStep(draft, 0)).toEqual([
      { name: 'Opportunity', type: 'Entity', entityTypeId: 10_020 },
      { name: 'Reason', type: 'String' },
    ]);
    expect(parametersOfStep(draft, 2).slice(2)).toEqual([
      { name: 'FollowUp', type: 'Entity', entityTypeId: 10_040 },
      { name: 'Call', type: 'Entity', entityTypeId: sysType.userTask },
    ]);
  });

  it('names what the schema refuses at the value it is about', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Mark won',
      arguments: [{ name: 'Opportunity', type: 'core:resourceArgument' as const, required: true }],
      steps: [
        { ...newStep('createRecord', []), values: [{ memberId: 0, expression: 'today()' }] },
        { ...newStep('assignTask', []), dueInDays: Number.NaN } as WorkflowStep,
      ],
    };
    const { definition, errors } = checkDraft(draft);
    expect(definition).toBeNull();
    expect(errors.arguments[0]).toEqual({ entityTypeId: 'Choose an Object.' });
    expect(errors.steps[0]).toEqual({
      typeId: 'Choose an Object.',
      'values.0.memberId': 'Choose a field or relationship.',
    });
    expect(errors.steps[1]).toEqual({ dueInDays: 'Give a whole number of days from 0 to 3650.' });
    expect(checkDraft({ ...emptyDraft(), name: ' ' }).errors.name).toBe('A name is required.');
    expect(checkDraft({ ...emptyDraft(), name: 'Empty' }).definition).toEqual({ arguments: [], steps: [] });
  });

  it('puts each line of the server’s refusal on the step it names', () => {
    const errors = refusalErrors(
      [
        "Step 2 'Set stage', Stage: 'Foo' is not a recognised field, relationship or variable.",
        "Arguments, Deal: there is no Object 99.\nStep 2 'Set stage', Close Date: Give one record.",
        "Step 9 'Gone', Record: Give one record.",
      ],
      3,
    );
    expect(errors.stepRefusals).toEqual({
      1: "Step 2 'Set stage', Stage: 'Foo' is not a recognised field, relationship or variable.\nStep 2 'Set stage', Close Date: Give one record.",
    });
    expect(errors.argumentsRefusal).toBe('Arguments, Deal: there is no Object 99.');
    expect(errors.other).toEqual(["Step 9 'Gone', Record: Give one record."]);
  });
});
