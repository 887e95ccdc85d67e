import {
  type BoundComponentKind,
  boundComponentAlias,
  type PageComponentInput,
  type TypeSchemaResponse,
} from '@plinth/schema';
import type { FakeHandler } from '../../../test/fakeApi';
import { end, field } from '../render/formFixtures';
import { registerBoundComponentRenderers } from './boundComponentRenderers';

// The pages these tests render hold bound components; in the app the runner registers them.
registerBoundComponentRenderers();

/** Test support: an opportunity type with one member for each of the 15 bound component kinds. */
export const opportunityType: TypeSchemaResponse = {
  type: {
    id: 40,
    name: 'Opportunity',
    scriptName: 'Opportunity',
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
  },
  ancestors: [],
  fields: [
    field(101, 'Title', 'title', 'Text', 'string', { isRequired: true }),
    field(102, 'Notes', 'notes', 'MultilineText', 'string', { allowMultiLines: true }),
    field(103, 'Summary', 'summary', 'RichText', 'string', { represents: 'richText' }),
    field(104, 'Employees', 'employees', 'Number', 'int', { maxInt: 1000 }),
    field(105, 'Probability', 'probability', 'Decimal', 'decimal'),
    field(106, 'Amount', 'amount', 'Currency', 'currency'),
    field(107, 'Reference', 'reference', 'AutoNumber', 'autoNumber', { isReadOnly: true }),
    field(108, 'Close date', 'closeDate', 'Date', 'date'),
    field(109, 'Call time', 'callTime', 'Time', 'time'),
    field(110, 'Met at', 'metAt', 'DateTime', 'dateTime'),
    field(111, 'Active', 'active', 'Boolean', 'bool'),
  ],
  relationships: [
    end(
      201,
      'fwd',
      'manyToOne',
      { to: 'Stage', from: 'Opportunities', script: 'stage' },
      {
        relType: 'choiceField',
        toTypeId: 42,
      },
    ),
    end(202, 'fwd', 'manyToOne', { to: 'Account', from: 'Opportunities', script: 'account' }),
    end(
      203,
      'fwd',
      'oneToMany',
      { to: 'Contacts', from: 'Opportunity', script: 'contacts' },
      { toTypeId: 44 },
    ),
    end(
      204,
      'fwd',
      'manyToMany',
      { to: 'Documents', from: 'Opportunities', script: 'documents' },
      {
        toTypeId: 43,
      },
    ),
  ],
  derivedTypes: [],
  canCreateType: true,
};

/** Each kind's component: its id, the member it binds, its label and how its stored value reads. */
export const kindCases: Array<{
  kind: BoundComponentKind;
  label: string;
  bind: { fieldId: number } | { relationshipId: number };
  viewText: string;
  /** Whether the kind is changed on the form (auto numbers and lists of many are not). */
  isEditable: boolean;
}> = [
  { kind: 'text', label: 'Title', bind: { fieldId: 101 }, viewText: 'Big deal', isEditable: true },
  { kind: 'multilineText', label: 'Notes', bind: { fieldId: 102 }, viewText: 'First line', isEditable: true },
  { kind: 'richText', label: 'Summary', bind: { fieldId: 103 }, viewText: 'Rich', isEditable: true },
  { kind: 'number', label: 'Employees', bind: { fieldId: 104 }, viewText: '12', isEditable: true },
  { kind: 'decimal', label: 'Probability', bind: { fieldId: 105 }, viewText: '0.5', isEditable: true },
  { kind: 'currency', label: 'Amount', bind: { fieldId: 106 }, viewText: '1,200', isEditable: true },
  { kind: 'autoNumber', label: 'Reference', bind: { fieldId: 107 }, viewText: '17', isEditable: false },
  { kind: 'date', label: 'Close date', bind: { fieldId: 108 }, viewText: '2026', isEditable: true },
  { kind: 'time', label: 'Call time', bind: { fieldId: 109 }, viewText: '9:30', isEditable: true },
  { kind: 'dateTime', label: 'Met at', bind: { fieldId: 110 }, viewText: '2026', isEditable: true },
  { kind: 'yesNo', label: 'Active', bind: { fieldId: 111 }, viewText: 'Yes', isEditable: true },
  {
    kind: 'choice',
    label: 'Stage',
    bind: { relationshipId: 201 },
    viewText: 'Qualification',
    isEditable: true,
  },
  { kind: 'lookup', label: 'Account', bind: { relationshipId: 202 }, viewText: 'Acme', isEditable: true },
  {
    kind: 'relationship',
    label: 'Contacts',
    bind: { relationshipId: 203 },
    viewText: 'Ann',
    isEditable: true,
  },
  {
    kind: 'documents',
    label: 'Documents',
    bind: { relationshipId: 204 },
    viewText: 'Plan.pdf',
    isEditable: true,
  },
];

/** A bound component of the page: `c-{kind}` bound to its case's member. */
export function boundComponent(
  kind: BoundComponentKind,
  extra: Partial<PageComponentInput> = {},
): PageComponentInput {
  const c = kindCases.find((k) => k.kind === kind)!;
  return {
    id: `c-${kind}`,
    typeAlias: boundComponentAlias(kind),
    extendedProperties: { ...c.bind, relationshipDirection: 'fwd' },
    ...extra,
  };
}

export const storedOpportunity = {
  id: 7,
  typeId: 40,
  alias: null,
  name: 'Big deal',
  version: 3,
  canModify: true,
  canDelete: true,
  title: 'Big deal',
  notes: 'First line',
  summary: '<p>Rich <b>text</b></p>',
  employees: 12,
  probability: 0.5,
  amount: 1200,
  reference: 17,
  closeDate: '2026-03-01',
  callTime: '09:30',
  metAt: '2026-03-01T10:00:00Z',
  active: true,
  stage: { id: 501, name: 'Qualification' },
  account: { id: 601, name: 'Acme' },
};

const newOpportunity = {
  id: 0,
  typeId: 40,
  alias: null,
  name: null,
  version: 0,
  canModify: true,
  canDelete: false,
};

/** The fake server of a form page over the opportunity: reads, enum values, saves (`onSave`). */
export function opportunityServer(
  options: {
    readOnlyControls?: string[];
    onSave?: (method: string, path: string, body: unknown) => { status: number; body: unknown } | undefined;
  } = {},
): FakeHandler {
  return (path, body, method) => {
    if (path === '/spapi/data/v1/form/data') {
      const isNew = (body as { typeId?: unknown }).typeId !== undefined;
      return {
        status: 200,
        body: {
          formDataEntity: isNew ? newOpportunity : storedOpportunity,
          formId: null,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: options.readOnlyControls ?? [],
        },
      };
    }
    if (path === '/spapi/data/v1/schema/type/40') return { status: 200, body: opportunityType };
    if (path === '/spapi/data/v1/schema/type/42/enumValues')
      return {
        status: 200,
        body: {
          values: [
            { id: 500, name: 'Prospecting', order: 1, colour: null, iconImageId: null, isRetired: false },
            { id: 501, name: 'Qualification', order: 2, colour: null, iconImageId: null, isRetired: false },
          ],
        },
      };
    if (path === '/spapi/data/v1/entity/query')
      return {
        status: 200,
        body: {
          entities: [
            {
              ...storedOpportunity,
              contacts: [{ id: 701, name: 'Ann' }],
              documents: [{ id: 801, name: 'Plan.pdf' }],
            },
          ],
        },
      };
    if (path === '/spapi/data/v1/report/type/44/display') {
      const detail = (body as { relationDetail?: { eid: number } }).relationDetail;
      const rows = detail?.eid === 7 ? [{ eid: 701, values: [{ val: 'Ann' }] }] : [];
      return {
        status: 200,
        body: {
          meta: {
            title: 'Contacts',
            rootTypeId: 44,
            rcols: { c1: { title: 'Name', type: 'String', ord: 0, hide: false, entityname: true } },
            sort: [],
            anlcols: {},
          },
          gdata: rows,
          pageSize: 6,
          lrt: '',
        },
      };
    }
    if (path === '/spapi/data/v1/schema/type/44')
      return {
        status: 200,
        body: {
          ...opportunityType,
          type: {
            id: 44,
            name: 'Contact',
            scriptName: 'Contact',
            isAbstract: false,
            isChoiceType: false,
            isSystem: false,
          },
          fields: [],
          relationships: [],
        },
      };
    if (path === '/spapi/data/v1/report/templateIds') return { status: 200, body: { reportIds: [] } };
    if (path === '/spapi/data/v2/document/related?eid=7&relid=204&direction=fwd')
      return {
        status: 200,
        body: {
          documents: [
            {
              id: 801,
              name: 'Plan.pdf',
              fileExtension: 'pdf',
              size: 2048,
              documentType: null,
              version: 1,
              recordVersion: 1,
              canModify: true,
            },
          ],
          total: 1,
          canUpload: true,
        },
      };
    const saved = options.onSave?.(method, path, body);
    if (saved) return saved;
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  };
}
