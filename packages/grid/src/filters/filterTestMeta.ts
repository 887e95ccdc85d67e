import type { ReportMeta } from '../types.js';

/** A report's metadata with one filter of each kind, for the filter tests. */
export function filterTestMeta(overrides: Partial<ReportMeta> = {}): ReportMeta {
  const col = (title: string, type: ReportMeta['rcols'][string]['type'], ord: number, tid?: number) => ({
    title,
    type,
    ord,
    hide: false,
    ...(tid === undefined ? {} : { tid }),
  });
  return {
    title: 'Opportunities',
    rootTypeId: 1,
    rcols: {
      name: col('Name', 'String', 0),
      amount: col('Amount', 'Currency', 1),
      count: col('Count', 'Int32', 2),
      closes: col('Closes', 'Date', 3),
      created: col('Created', 'DateTime', 4),
      starts: col('Starts', 'Time', 5),
      won: col('Won', 'Bool', 6),
      stage: col('Stage', 'ChoiceRelationship', 7, 42),
      owner: col('Owner', 'UserInlineRelationship', 8, 7),
    },
    sort: [],
    anlcols: {
      fName: { colid: 'name', title: 'Name', type: 'String', hidden: false },
      fAmount: {
        colid: 'amount',
        title: 'Amount',
        type: 'Currency',
        oper: 'GreaterThan',
        value: 100,
        hidden: false,
      },
      fCount: { colid: 'count', title: 'Count', type: 'Int32', hidden: false },
      fCloses: { colid: 'closes', title: 'Closes', type: 'Date', hidden: false },
      fCreated: { colid: 'created', title: 'Created', type: 'DateTime', hidden: false },
      fStarts: { colid: 'starts', title: 'Starts', type: 'Time', hidden: false },
      fWon: { colid: 'won', title: 'Won', type: 'Bool', hidden: false },
      fStage: {
        colid: 'stage',
        title: 'Stage',
        type: 'ChoiceRelationship',
        oper: 'AnyOf',
        values: [3, 4],
        hidden: false,
      },
      fOwner: {
        colid: 'owner',
        title: 'Owner',
        type: 'UserInlineRelationship',
        hidden: true,
        oper: 'CurrentUser',
      },
    },
    limit: 500,
    ...overrides,
  };
}
