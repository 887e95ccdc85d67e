import {
  type EntityChange,
  type ReportColumn,
  type ReportDefinitionInput,
  type Schema,
  sysField,
  sysType,
} from '@plinth/schema';

/** Resolves a member of a demo type by script name, or fails loudly: the demo schema names them. */
function memberOf(schema: Schema, typeAlias: string, script: string): ReportColumn {
  const type = schema.typeOrThrow(typeAlias);
  const member = schema.member(type.id, script);
  if (!member) throw new Error(`demo member ${typeAlias}.${script} is missing`);
  const base = { id: script, hidden: false, path: [] };
  return member.kind === 'field'
    ? { ...base, kind: 'field', fieldId: member.field.id }
    : { ...base, kind: 'relationship', relId: member.rel.id, direction: member.direction };
}

const nameColumn: ReportColumn = {
  id: 'name',
  kind: 'field',
  fieldId: sysField.name,
  hidden: false,
  path: [],
};

function report(
  alias: string,
  name: string,
  definition: Omit<ReportDefinitionInput, 'version'>,
): EntityChange {
  return {
    id: `new:${alias}`,
    typeId: 'core:report',
    fields: { name, alias, reportDefinition: JSON.stringify({ version: 1, ...definition }) },
  };
}

/**
 * The demo's saved reports, addressed by alias in the runner (`/apps/crm/_report/{alias}`): a
 * list of opportunities with filters, the same grouped by stage with totals, activities and
 * documents.
 */
export function demoReports(schema: Schema): EntityChange[] {
  const opp = (script: string) => memberOf(schema, 'crm:opportunity', script);
  const activity = (script: string) => memberOf(schema, 'crm:activity', script);
  const opportunityType = schema.typeOrThrow('crm:opportunity').id;
  // Formatting the grid draws (decision 0022): large and small amounts highlighted, probability as
  // a bar; the stage shows its choice colours by default.
  const opportunityColumns: ReportColumn[] = [
    nameColumn,
    opp('reference'),
    opp('account'),
    opp('stage'),
    {
      ...opp('amount'),
      format: {
        style: 'Highlight',
        rules: [
          { bounds: { lower: 250_000 }, bgcolor: '#DCFCE7', fgcolor: '#166534' },
          { bounds: { upper: 10_000 }, bgcolor: '#FEF3C7', fgcolor: '#92400E' },
        ],
      },
    },
    opp('closeDate'),
    {
      ...opp('probability'),
      format: { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: '#2563EB' }] },
    },
    opp('won'),
  ];
  return [
    report('crm:opportunities', 'Opportunities', {
      rootTypeId: opportunityType,
      columns: opportunityColumns,
      conditions: [
        { id: 'closeDate', columnId: 'closeDate' },
        { id: 'stage', columnId: 'stage' },
        { id: 'amount', columnId: 'amount' },
        { id: 'won', columnId: 'won' },
      ],
      sorts: [{ columnId: 'closeDate', order: 'Ascending' }],
    }),
    report('crm:opportunitiesByStage', 'Opportunities by stage', {
      rootTypeId: opportunityType,
      columns: opportunityColumns,
      groups: [{ columnId: 'stage', order: 'Ascending' }],
      aggregates: [
        { columnId: 'amount', kinds: ['Sum', 'Average'] },
        { columnId: 'name', kinds: ['Count'] },
      ],
      sorts: [{ columnId: 'amount', order: 'Descending' }],
      showGrandTotals: true,
      showCount: true,
    }),
    // What the Home page counts and sums (decision 0064): opportunities not yet won.
    report('crm:openOpportunities', 'Open opportunities', {
      rootTypeId: opportunityType,
      columns: opportunityColumns,
      conditions: [{ id: 'open', columnId: 'won', oper: 'IsFalse', isHidden: true }],
      sorts: [{ columnId: 'closeDate', order: 'Ascending' }],
      aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
    }),
    report('crm:accounts', 'Accounts', {
      rootTypeId: schema.typeOrThrow('crm:account').id,
      columns: [
        nameColumn,
        memberOf(schema, 'crm:account', 'industry'),
        memberOf(schema, 'crm:account', 'phone'),
        memberOf(schema, 'crm:account', 'annualRevenue'),
        memberOf(schema, 'crm:account', 'employees'),
      ],
      conditions: [{ id: 'industry', columnId: 'industry' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    }),
    report('crm:contacts', 'Contacts', {
      rootTypeId: schema.typeOrThrow('crm:contact').id,
      columns: [
        nameColumn,
        memberOf(schema, 'crm:contact', 'account'),
        memberOf(schema, 'crm:contact', 'email'),
        memberOf(schema, 'crm:contact', 'phone'),
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    }),
    report('crm:activities', 'Activities', {
      rootTypeId: schema.typeOrThrow('crm:activity').id,
      columns: [
        nameColumn,
        activity('opportunity'),
        activity('due'),
        activity('done'),
        activity('durationHours'),
      ],
      conditions: [
        { id: 'due', columnId: 'due' },
        { id: 'done', columnId: 'done' },
      ],
      sorts: [{ columnId: 'due', order: 'Descending' }],
    }),
    report('crm:documents', 'Documents', {
      rootTypeId: sysType.document,
      columns: [
        nameColumn,
        { id: 'fileExtension', kind: 'field', fieldId: sysField.fileExtension, hidden: false, path: [] },
        { id: 'size', kind: 'field', fieldId: sysField.fileSize, hidden: false, path: [] },
      ],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
    }),
  ];
}
