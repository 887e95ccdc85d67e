import type { EntityChange } from '@plinth/schema';
import { sysType } from '@plinth/schema';

type FieldSpec = { name: string; script: string; type: string } & Record<string, unknown>;

function typeRecord(key: string, name: string, extra: Partial<EntityChange> = {}): EntityChange {
  return {
    id: `new:${key}`,
    typeId: 'core:type',
    fields: { name, typeScriptName: key, alias: `crm:${key}` },
    ...extra,
  };
}

function fieldRecords(typeKey: string, fields: FieldSpec[]): EntityChange[] {
  return fields.map(({ name, script, type, ...rest }) => ({
    id: `new:${typeKey}-${script}`,
    typeId: 'core:field',
    fields: { name, fieldScriptName: script, fieldType: type, ...rest },
    relationships: { fieldIsOnType: { set: [`new:${typeKey}`] } },
  }));
}

function relRecord(
  key: string,
  relType: string,
  from: string,
  to: string | number,
  toName: string,
  fromName: string,
  extra: Record<string, unknown> = {},
): EntityChange {
  const script = (s: string) => s.replace(/[^A-Za-z0-9]/g, '').replace(/^./, (c) => c.toLowerCase());
  return {
    id: `new:rel-${key}`,
    typeId: 'core:relationship',
    fields: {
      name: toName,
      relType,
      toName,
      fromName,
      toScriptName: script(toName),
      fromScriptName: script(fromName),
      ...extra,
    },
    relationships: { fromType: { set: [from] }, toType: { set: [to] } },
  };
}

/**
 * The demo's small CRM: Accounts (a hierarchy through Parent Account) with their Documents,
 * Contacts, Opportunities with a Stage choice, and Activities.
 */
export function demoSchemaChanges(): EntityChange[] {
  return [
    typeRecord('account', 'Account', { relationships: { inherits: { set: [sysType.resource] } } }),
    typeRecord('contact', 'Contact', { relationships: { inherits: { set: [sysType.resource] } } }),
    typeRecord('opportunity', 'Opportunity', { relationships: { inherits: { set: [sysType.resource] } } }),
    typeRecord('activity', 'Activity', { relationships: { inherits: { set: [sysType.resource] } } }),
    typeRecord('stage', 'Stage', { relationships: { inherits: { set: [sysType.enumValue] } } }),
    ...fieldRecords('account', [
      { name: 'Industry', script: 'industry', type: 'Text', maxLength: 100 },
      { name: 'Website', script: 'website', type: 'Text', fieldRepresents: 'url' },
      { name: 'Phone', script: 'phone', type: 'Text', fieldRepresents: 'phoneNumber', maxLength: 40 },
      { name: 'Annual Revenue', script: 'annualRevenue', type: 'Currency', minDecimal: 0 },
      { name: 'Employees', script: 'employees', type: 'Number', minInt: 0 },
    ]),
    ...fieldRecords('contact', [
      { name: 'First Name', script: 'firstName', type: 'Text', maxLength: 100 },
      { name: 'Last Name', script: 'lastName', type: 'Text', maxLength: 100, isRequired: true },
      { name: 'Email', script: 'email', type: 'Text', fieldRepresents: 'email' },
      { name: 'Phone', script: 'phone', type: 'Text', fieldRepresents: 'phoneNumber', maxLength: 40 },
    ]),
    ...fieldRecords('opportunity', [
      { name: 'Amount', script: 'amount', type: 'Currency', isRequired: true, minDecimal: 0 },
      { name: 'Close Date', script: 'closeDate', type: 'Date', defaultValue: 'TODAY' },
      { name: 'Probability', script: 'probability', type: 'Number', minInt: 0, maxInt: 100 },
      {
        name: 'Reference',
        script: 'reference',
        type: 'AutoNumber',
        autoNumberSeed: 1000,
        autoNumberDisplayPattern: 'OPP-{0}',
      },
      { name: 'Won', script: 'won', type: 'Boolean' },
      { name: 'Next Step', script: 'nextStep', type: 'MultilineText' },
      // Shown on a new opportunity's form page, evaluated before it is saved (decision 0094).
      {
        name: 'Days to Close',
        script: 'daysToClose',
        type: 'Calculation',
        fieldCalculation: 'datediff(day, getdate(), [Close Date])',
      },
    ]),
    ...fieldRecords('activity', [
      { name: 'Due', script: 'due', type: 'DateTime' },
      { name: 'Done', script: 'done', type: 'Boolean', defaultValue: 'false' },
      { name: 'Notes', script: 'notes', type: 'RichText' },
      { name: 'Duration (hours)', script: 'durationHours', type: 'Decimal', decimalPlaces: 2, minDecimal: 0 },
    ]),
    relRecord('accountParent', 'lookup', 'new:account', 'new:account', 'Parent Account', 'Child Accounts', {
      relationshipIsStructure: true,
    }),
    relRecord('contactAccount', 'lookup', 'new:contact', 'new:account', 'Account', 'Contacts'),
    relRecord('oppAccount', 'lookup', 'new:opportunity', 'new:account', 'Account', 'Opportunities', {
      relationshipIsMandatory: true,
    }),
    relRecord('oppStage', 'choiceField', 'new:opportunity', 'new:stage', 'Stage', 'Opportunities in stage'),
    relRecord(
      'oppContact',
      'lookup',
      'new:opportunity',
      'new:contact',
      'Primary Contact',
      'Primary for opportunities',
    ),
    relRecord('oppActivities', 'dependants', 'new:opportunity', 'new:activity', 'Activities', 'Opportunity'),
    relRecord('accountDocuments', 'manyToMany', 'new:account', sysType.document, 'Documents', 'Accounts'),
  ];
}

/** The stages of an opportunity, in order, with colours for the choice chips. */
export const demoStages = [
  { name: 'Prospecting', colour: '#6B7280' },
  { name: 'Qualification', colour: '#2563EB' },
  { name: 'Proposal', colour: '#7C3AED' },
  { name: 'Negotiation', colour: '#D97706' },
  { name: 'Closed Won', colour: '#16A34A' },
  { name: 'Closed Lost', colour: '#DC2626' },
];
