import { describe, expect, it } from 'vitest';
import {
  boundComponentAlias,
  boundComponentKinds,
  boundComponentType,
  boundMinSpan,
  componentOutputVariables,
  readBoundComponentStyle,
} from './boundComponentTypes.js';
import { componentType, readComponentProperties } from './componentTypes.js';
import { fullSpan } from './layoutOptions.js';

describe('bound component types', () => {
  it('registers the 15 data-bound kinds with the page component types', () => {
    expect(boundComponentKinds).toHaveLength(15);
    for (const kind of boundComponentKinds) expect(componentType(boundComponentAlias(kind))).toBeDefined();
  });

  it('registers Text, Multiline text and Time fields as spec 03 §2 says', () => {
    const basic = (['text', 'multilineText', 'time'] as const).map(
      (k) => boundComponentType(boundComponentAlias(k))!,
    );
    expect(basic.map((t) => t.label)).toEqual(['Text field', 'Multiline text field', 'Time field']);
    for (const t of basic) {
      expect(t).toMatchObject({ group: 'Data', isHiddenFromToolbox: true, order: 500 });
      expect(t.outputVariables).toHaveLength(1);
      expect(t.outputVariables?.[0]).toMatchObject({ name: 'Value', isHiddenWhenManaged: true });
    }
    expect(basic.map((t) => t.outputVariables?.[0]?.type)).toEqual(['String', 'String', 'Time']);
  });

  it('spans: 3 by default, full for relationships; minimum 2, 3 or 4 by kind', () => {
    const type = (k: (typeof boundComponentKinds)[number]) => boundComponentType(boundComponentAlias(k))!;
    expect(type('number').defaultSpan).toBe(3);
    expect(type('text').defaultSpan).toBe(3);
    expect(type('time').defaultSpan).toBe(3);
    expect(type('relationship').defaultSpan).toBe(fullSpan);
    expect(
      ['number', 'decimal', 'currency', 'date', 'time', 'yesNo'].map((k) => type(k as never).minSpan),
    ).toEqual([2, 2, 2, 2, 2, 2]);
    expect(
      ['text', 'multilineText', 'dateTime', 'lookup', 'richText'].map((k) => type(k as never).minSpan),
    ).toEqual([3, 3, 3, 3, 3]);
    expect(boundMinSpan('choice')).toBe(2);
    expect(boundMinSpan('choice', true)).toBe(3);
    expect(type('relationship').minSpan).toBe(4);
  });

  it('publishes the spec 03 §3 output variables: field kinds their Value, relationships SelectedRecords', () => {
    const names = (k: (typeof boundComponentKinds)[number]) =>
      boundComponentType(boundComponentAlias(k))!.outputVariables!.map((v) => v.name);
    expect(names('decimal')).toEqual(
      expect.arrayContaining(['Value', 'IsMandatory', 'MinimumValue', 'MaximumValue', 'DecimalPlaces']),
    );
    expect(names('relationship')).toEqual(
      expect.arrayContaining(['SelectedRecords', 'RelationshipDirection']),
    );
    expect(names('lookup')).toContain('SelectedRecord');
  });

  it('a managed component hides its output variables from the builder', () => {
    const alias = boundComponentAlias('text');
    expect(componentOutputVariables({ typeAlias: alias }).map((v) => v.name)).toEqual(['Value']);
    expect(componentOutputVariables({ typeAlias: alias, isPageComponentManaged: true })).toEqual([]);
    expect(componentOutputVariables({ typeAlias: 'core:headingComponent' })).toEqual([]);
  });

  it('reads the component style with the spec defaults; bad values take their default', () => {
    expect(readBoundComponentStyle(undefined)).toMatchObject({
      mandatory: false,
      showCalcOnNewRecord: false,
      height: 3,
      displayAsDropdown: true,
      choiceDisplay: 'select',
      displayAs: 'dataTable',
      rowsPerPage: 6,
    });
    const style = readBoundComponentStyle({
      height: 25,
      rowsPerPage: 'x',
      mandatory: true,
      width: { lg: 'compact' },
    });
    expect(style).toMatchObject({ height: 3, rowsPerPage: 6, mandatory: true, width: { lg: 'compact' } });
    expect(readBoundComponentStyle({ height: 20 }).height).toBe(20);
    expect(readBoundComponentStyle('not json').height).toBe(3);
  });

  it('label and help text are its own properties; anything else makes it unconfigured', () => {
    const alias = boundComponentAlias('text');
    expect(readComponentProperties(alias, { fieldPageComponentLabel: 'Title' })?.configured).toBe(true);
    expect(readComponentProperties(alias, { other: 1 })?.configured).toBe(false);
  });
});
