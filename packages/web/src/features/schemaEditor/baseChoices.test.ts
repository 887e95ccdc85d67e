import { sysType } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { baseChoices } from './ObjectDialog';
import type { SchemaTypeSummary } from './schemaApi';
import { typeSummary as type } from './schemaServerHarness';

const types: SchemaTypeSummary[] = [
  type(sysType.resource, 'Resource', null, { isSystem: true }),
  type(sysType.enumValue, 'Choice Value', sysType.resource, { isSystem: true }),
  type(10, 'Project', sysType.resource),
  type(11, 'Internal Project', 10),
  type(12, 'Pilot', 11),
  type(13, 'Account', sysType.resource),
  type(14, 'Stage', sysType.enumValue, { isChoiceType: true }),
];

describe('baseChoices', () => {
  it('offers Resource and the own Objects, never the Object itself or one derived from it', () => {
    expect(baseChoices(types, 11).map((c) => c.name)).toEqual([
      'Resource (no base Object)',
      'Choice Value (its records are choice values)',
      'Account',
      'Project',
    ]);
    expect(baseChoices(types, null).map((c) => c.name)).toEqual([
      'Resource (no base Object)',
      'Choice Value (its records are choice values)',
      'Account',
      'Internal Project',
      'Pilot',
      'Project',
    ]);
  });

  it('offers Choice Value, the base of choice types', () => {
    expect(baseChoices(types, 14).map((c) => c.id)).toContain(String(sysType.enumValue));
  });
});
