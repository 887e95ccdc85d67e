import { type FieldDef, type FormControl, Schema, type TypeDef } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/context.js';
import { formMayRefuse } from '../src/forms/formChecks.js';
import { formControl, type LoadedForm, resolveControls } from '../src/forms/formDefinitions.js';

/**
 * Whether the inline save must work out a record after its change (decision 0026): only when the
 * record type's default form could refuse the members sent. Saying no wrongly would skip checks.
 */
describe('formMayRefuse', () => {
  const deal: TypeDef = {
    id: 50,
    name: 'Deal',
    scriptName: 'Deal',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  };
  const field = (id: number, name: string, extra: Partial<FieldDef> = {}): FieldDef => ({
    id,
    name,
    scriptName: name,
    type: 'Text',
    storage: 'string',
    typeId: deal.id,
    isRequired: false,
    isReadOnly: false,
    ...extra,
  });
  const schema = new Schema(
    [deal],
    [
      field(51, 'Amount', { type: 'Currency', storage: 'currency' }),
      field(52, 'Stage'),
      field(53, 'Note'),
      field(54, 'Reference', { type: 'AutoNumber', storage: 'autoNumber' }),
    ],
    [],
  );
  const ctx = { schema } as RequestContext;

  const form = (...controls: FormControl[]): LoadedForm => {
    const definition = { version: 1 as const, typeId: deal.id, controls, containers: [] };
    return {
      id: 1,
      name: 'Deal form',
      typeId: deal.id,
      definition,
      controls: resolveControls(schema, definition),
    };
  };
  const mayRefuse = (f: LoadedForm, ...sent: string[]) => formMayRefuse(ctx, f, new Set(sent));

  it('says no for a form that checks nothing on the members sent', () => {
    const f = form(
      formControl({ id: 'amount', fieldToRender: 51, mandatory: true, readOnlyControl: false }),
      formControl({ id: 'note', fieldToRender: 53, readOnlyControl: true }),
      formControl({ id: 'stage', fieldToRender: 52 }),
    );
    expect(mayRefuse(f, '#52')).toBe(false);
    expect(mayRefuse(form(), '#51', '#52', '#53')).toBe(false);
  });

  it('says yes for a read-only control or a mandatory override on a member sent', () => {
    const f = form(
      formControl({ id: 'amount', fieldToRender: 51, mandatory: true }),
      formControl({ id: 'note', fieldToRender: 53, readOnlyControl: true }),
    );
    expect(mayRefuse(f, '#51')).toBe(true);
    expect(mayRefuse(f, '#53')).toBe(true);
  });

  it('says yes for a custom validation on a member sent, reading one, or always run', () => {
    const onAmount = form(
      formControl({
        id: 'amount',
        fieldToRender: 51,
        customValidationCalculation: "[Stage] = 'Won' and [Amount] < 1",
      }),
    );
    expect(mayRefuse(onAmount, '#51')).toBe(true);
    expect(mayRefuse(onAmount, '#52')).toBe(true);
    expect(mayRefuse(onAmount, '#53')).toBe(false);
    const always = form(
      formControl({
        id: 'amount',
        fieldToRender: 51,
        customValidationCalculation: 'true',
        customValidationAlwaysValidate: true,
      }),
    );
    expect(mayRefuse(always)).toBe(true);
  });

  it('says no for the checks the save skips: hidden controls, read-only controls and auto-numbers', () => {
    const f = form(
      formControl({
        id: 'amount',
        fieldToRender: 51,
        isHidden: true,
        mandatory: true,
        customValidationCalculation: 'true',
      }),
      formControl({
        id: 'reference',
        fieldToRender: 54,
        mandatory: true,
        customValidationCalculation: 'true',
        customValidationAlwaysValidate: true,
      }),
    );
    expect(mayRefuse(f, '#51', '#52')).toBe(false);
  });
});
