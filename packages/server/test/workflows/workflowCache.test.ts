import { type FieldDef, Schema, type TypeDef, type WorkflowDefinition } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { compiledWorkflow, storedDefinition } from '../../src/workflows/workflowCache.js';

/** A run compiles its workflow when it starts and in each job; each compile must see today's schema. */
describe('the workflow cache', () => {
  const deal: TypeDef = {
    id: 50,
    name: 'Deal',
    scriptName: 'Deal',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  };
  const amount: FieldDef = {
    id: 51,
    name: 'Amount',
    scriptName: 'Amount',
    type: 'Decimal',
    storage: 'decimal',
    typeId: deal.id,
    isRequired: false,
    isReadOnly: false,
  };
  const withAmount = () => new Schema([deal], [amount], []);
  const definition: WorkflowDefinition = {
    arguments: [{ name: 'Deal', type: 'core:resourceArgument', entityTypeId: deal.id, required: true }],
    steps: [
      {
        id: 's1',
        name: 'Copy it',
        kind: 'setFields',
        record: '[Deal]',
        values: [{ memberId: amount.id, expression: '[Deal].Amount' }],
      },
    ],
  };

  it('compiles a definition once per metamodel version, and again for a new one', () => {
    const schema = withAmount();
    const first = compiledWorkflow(schema, definition);
    expect(first.ok ? [] : first.problems).toEqual([]);
    // The same definition read again from a run's state: equal, not the same object.
    expect(compiledWorkflow(schema, structuredClone(definition))).toBe(first);
    // The field was deleted since: the next version's schema finds the workflow broken.
    const withoutAmount = new Schema([deal], [], []);
    const later = compiledWorkflow(withoutAmount, definition);
    expect(later.ok).toBe(false);
    expect(compiledWorkflow(withAmount(), definition)).not.toBe(first);
  });

  it('compiles an edited definition anew', () => {
    const schema = withAmount();
    const edited = structuredClone(definition);
    edited.steps[0]!.name = 'Copy it again';
    const step = edited.steps[0]!;
    if (step.kind === 'setFields') step.values[0]!.expression = '[Deal].Nmae';
    expect(compiledWorkflow(schema, definition).ok).toBe(true);
    const result = compiledWorkflow(schema, edited);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/^Step 1 'Copy it again', /);
  });

  it('parses a stored definition once per text and refuses a broken one every time', () => {
    const text = JSON.stringify(definition);
    const parsed = storedDefinition(text);
    expect(parsed).toEqual(definition);
    expect(storedDefinition(text)).toBe(parsed);
    expect(storedDefinition(JSON.stringify({ ...definition, steps: [] }))).toEqual({
      ...definition,
      steps: [],
    });
    expect(() => storedDefinition('{"steps": 3}')).toThrow();
    expect(() => storedDefinition('{"steps": 3}')).toThrow();
  });
});
