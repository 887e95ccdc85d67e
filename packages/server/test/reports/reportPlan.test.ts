import {
  type ConditionOperator,
  type FieldDef,
  type RelationshipDef,
  type ReportQuery,
  reportDefinition,
  reportQuery,
  Schema,
  type TypeDef,
} from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { pageStrategies } from '../../src/reports/pages/choosePage.js';
import { groupSpans } from '../../src/reports/pages/groupsPage.js';
import { type PlanOptions, planReport } from '../../src/reports/plan/reportPlan.js';

/**
 * The plan stage of a report run (issue 13): columns, conditions, order, page and totals, and the
 * strategy that reads the page and why, decided from the definition, the schema and the request
 * alone. No database here: the plan takes none.
 */
describe('planReport', () => {
  const type = (id: number, name: string, extra: Partial<TypeDef> = {}): TypeDef => ({
    id,
    name,
    scriptName: name,
    isAbstract: false,
    isChoiceType: false,
    isSystem: false,
    ...extra,
  });
  const deal = type(50, 'Deal');
  const bigDeal = type(51, 'BigDeal', { inheritsId: 50 });
  const stage = type(60, 'Stage', { isChoiceType: true });
  const tag = type(70, 'Tag');
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
  const rel = (
    id: number,
    toTypeId: number,
    cardinality: RelationshipDef['cardinality'],
  ): RelationshipDef => ({
    id,
    name: `r${id}`,
    relType: cardinality === 'manyToOne' ? 'choiceField' : 'manyToMany',
    cardinality,
    fromTypeId: deal.id,
    toTypeId,
    toName: `To ${id}`,
    fromName: `From ${id}`,
    toScriptName: `to${id}`,
    fromScriptName: `from${id}`,
    isMandatory: false,
    isReverseMandatory: false,
    cascadeDelete: false,
    cascadeDeleteTo: false,
  });
  const schemaOf = (types: TypeDef[]) =>
    new Schema(
      types,
      [
        field(1, 'Name', { column: 'name' }),
        field(2, 'Amount', { type: 'Currency', storage: 'currency' }),
        field(3, 'Won', { type: 'Boolean', storage: 'bool' }),
        field(4, 'Double', { type: 'Calculation', storage: 'currency', calculation: '[Amount] * 2' }),
        field(5, 'Ref', { type: 'AutoNumber', storage: 'autoNumber', autoNumberDisplayPattern: 'DL-{0}' }),
        field(6, 'Region'),
      ],
      [rel(80, stage.id, 'manyToOne'), rel(81, tag.id, 'manyToMany')],
    );
  const schema = schemaOf([deal, stage, tag]);
  /** Deals have a derived type: a report on deals reads two types. */
  const withDerived = schemaOf([deal, bigDeal, stage, tag]);
  const columns = [
    { id: 'name', kind: 'field', fieldId: 1 },
    { id: 'amount', kind: 'field', fieldId: 2 },
    { id: 'won', kind: 'field', fieldId: 3 },
    { id: 'double', kind: 'field', fieldId: 4 },
    { id: 'ref', kind: 'field', fieldId: 5 },
    { id: 'region', kind: 'field', fieldId: 6, hidden: true },
    { id: 'stage', kind: 'relationship', relId: 80, direction: 'fwd' },
    { id: 'tags', kind: 'relationship', relId: 81, direction: 'fwd' },
  ];
  const definition = (extra: Record<string, unknown> = {}) =>
    reportDefinition.parse({ version: 1, rootTypeId: deal.id, columns, ...extra });
  const noRules = { hasRowRules: () => false };
  const plan = (
    extra: Record<string, unknown> = {},
    query: Partial<ReportQuery> = {},
    options: Partial<PlanOptions> = {},
    on = schema,
  ) =>
    planReport(definition(extra), on, reportQuery.parse(query), {
      engine: 'sqlite',
      access: noRules,
      ...options,
    });
  const byName = { sorts: [{ columnId: 'name', order: 'Ascending' }] };
  const byAmount = { sorts: [{ columnId: 'amount', order: 'Descending' }] };
  const byStage = { groups: [{ columnId: 'stage', order: 'Ascending' }] };

  describe('chooses the page strategy, and says why', () => {
    it('reads a plain page by offset', () => {
      const p = plan(byAmount);
      expect(p.page.strategy.name).toBe('offset');
      expect(p.page.reason).toMatch(/order/);
    });

    it('reads a grouped page group by group when every key compares with its value read back', () => {
      expect(plan(byStage).page.strategy.name).toBe('groups');
      expect(plan({ groups: [{ columnId: 'amount', order: 'Ascending' }] }).page.strategy.name).toBe(
        'groups',
      );
      // Yes/no and calculated keys do not compare with the value read back; a limit cuts the groups.
      expect(plan({ groups: [{ columnId: 'won', order: 'Ascending' }] }).page.strategy.name).toBe('offset');
      expect(plan({ groups: [{ columnId: 'double', order: 'Ascending' }] }).page.strategy.name).toBe(
        'offset',
      );
      expect(plan({ ...byStage, limit: 10 }).page.strategy.name).toBe('offset');
      expect(plan(byStage, { limitOperator: 'ResultLimit', limitValue: 5 }).page.strategy.name).toBe(
        'offset',
      );
    });

    it('reads an export of a flat report after a cursor when its order can be continued', () => {
      const keyset = { keyset: {} };
      expect(plan(byAmount, {}, keyset).page.strategy.name).toBe('keyset');
      // A search read for an export is still read by cursor.
      expect(plan(byName, { quickSearch: 'acme' }, keyset).page.strategy.name).toBe('keyset');
      // A calculated sort cannot be sought: read by offset, and a cursor cannot be followed.
      const byDouble = { sorts: [{ columnId: 'double', order: 'Ascending' }] };
      expect(plan(byDouble, {}, keyset).page.strategy.name).toBe('offset');
      expect(plan({ sorts: [{ columnId: 'tags', order: 'Ascending' }] }, {}, keyset).page.strategy.name).toBe(
        'offset',
      );
      expect(plan(byStage, {}, keyset).page.strategy.name).toBe('groups');
      expect(() => plan(byDouble, {}, { keyset: { after: { keys: [1], id: 3 } } })).toThrow(/cursor/);
    });

    it('walks the ordered search index for a search sorted by name on SQLite', () => {
      const walked = plan(byName, { quickSearch: '  acme ' });
      expect(walked.page.strategy.name).toBe('walkedSearch');
      expect(walked.search).toEqual({ term: 'acme' });
      expect(walked.walk).toEqual({ typeId: deal.id, descending: false, term: 'acme' });
      const down = plan({ sorts: [{ columnId: 'name', order: 'Descending' }] }, { quickSearch: 'acme' });
      expect(down.walk).toEqual({ typeId: deal.id, descending: true, term: 'acme' });
    });

    it('walks the ordered search index for a name Contains sorted by name, without a search', () => {
      const contains = (
        value: string,
        oper: ConditionOperator = 'Contains',
        expid = 'name',
      ): Partial<ReportQuery> => ({ conds: [{ expid, oper, value }] });
      const walked = plan(byName, contains('acme'));
      expect(walked.walk).toEqual({ typeId: deal.id, descending: false, term: 'acme', conditionId: 'name' });
      // Read by offset: the walk is in the statement, and there are no kept rows of a search.
      expect(walked.page.strategy.name).toBe('offset');
      const down = plan({ sorts: [{ columnId: 'name', order: 'Descending' }] }, contains('acme'));
      expect(down.walk?.descending).toBe(true);
      // Not walked: a short term, another operator or column, another order, two types, Postgres,
      // a few given records; with a quick search, the search's term is walked, not the condition's.
      expect(plan(byName, contains('ac')).walk).toBeUndefined();
      expect(plan(byName, contains('acme', 'StartsWith')).walk).toBeUndefined();
      expect(plan(byName, contains('acme', 'Contains', 'region')).walk).toBeUndefined();
      expect(plan(byAmount, contains('acme')).walk).toBeUndefined();
      expect(plan(byName, contains('acme'), {}, withDerived).walk).toBeUndefined();
      expect(plan(byName, contains('acme'), { engine: 'postgres' }).walk).toBeUndefined();
      expect(plan(byName, { ...contains('acme'), inclids: [1] }).walk).toBeUndefined();
      expect(plan(byName, { ...contains('acme'), quickSearch: 'bolt' }).walk).toEqual({
        typeId: deal.id,
        descending: false,
        term: 'bolt',
      });
    });

    it('keeps the first rows of every other search', () => {
      const kept = (
        extra: Record<string, unknown>,
        query: Partial<ReportQuery>,
        options: Partial<PlanOptions> = {},
      ) => {
        const p = plan(extra, query, options);
        expect(p.walk).toBeUndefined();
        return p.page.strategy.name;
      };
      expect(kept(byName, { quickSearch: 'acme' }, { engine: 'postgres' })).toBe('keptSearch');
      expect(kept(byName, { quickSearch: 'ac' })).toBe('keptSearch');
      expect(kept(byAmount, { quickSearch: 'acme' })).toBe('keptSearch');
      expect(kept({}, { quickSearch: 'acme' })).toBe('keptSearch');
      expect(kept(byName, { quickSearch: 'acme' }, { publicView: true })).toBe('keptSearch');
      // An auto-number the term shows is found through the field's index, beside the text index.
      expect(kept(byName, { quickSearch: 'DL-12' })).toBe('keptSearch');
      expect(kept(byName, { quickSearch: 'acme', inclids: [1, 2] })).toBe('keptSearch');
      expect(kept(byName, { quickSearch: 'acme', filtereids: [1] })).toBe('keptSearch');
      expect(
        kept(byName, { quickSearch: 'acme', relationDetail: { eid: 9, relid: 81, direction: 'fwd' } }),
      ).toBe('keptSearch');
      // Deals and a derived type are two types in two bands of the ordered index: kept rows.
      const both = plan(byName, { quickSearch: 'acme' }, {}, withDerived);
      expect(both.rootTypeIds).toEqual([deal.id, bigDeal.id]);
      expect(both.page.strategy.name).toBe('keptSearch');
      // Narrowed to the derived type, one type again: walked.
      const narrowed = plan(byName, { quickSearch: 'acme', entityTypeId: bigDeal.id }, {}, withDerived);
      expect(narrowed.rootTypeIds).toEqual([bigDeal.id]);
      expect(narrowed.walk).toEqual({ typeId: bigDeal.id, descending: false, term: 'acme' });
    });

    it('reads a grouped search as a grouped page, and a blank search as no search', () => {
      expect(plan({ ...byStage, sorts: byName.sorts }, { quickSearch: 'acme' }).page.strategy.name).toBe(
        'groups',
      );
      const blank = plan(byName, { quickSearch: '   ' });
      expect(blank.search).toBeUndefined();
      expect(blank.page.strategy.name).toBe('offset');
    });

    it('chooses every strategy for some plan, in the order they are tried', () => {
      expect(pageStrategies.map((s) => s.name)).toEqual([
        'groups',
        'keyset',
        'walkedSearch',
        'keptSearch',
        'offset',
      ]);
      const chosen = new Set(
        [
          plan(byStage),
          plan(byAmount, {}, { keyset: {} }),
          plan(byName, { quickSearch: 'acme' }),
          plan(byAmount, { quickSearch: 'acme' }),
          plan(byAmount),
        ].map((p) => {
          expect(p.page.reason.length).toBeGreaterThan(10);
          return p.page.strategy.name;
        }),
      );
      expect([...chosen].sort()).toEqual(pageStrategies.map((s) => s.name).sort());
    });
  });

  describe('decides the order, conditions, page and totals', () => {
    it('puts the group keys first, lets a query sort turn a group round, and keeps one other sort', () => {
      const p = plan(byStage, {
        sort: [
          { colid: 'stage', order: 'Descending' },
          { colid: 'amount', order: 'Descending' },
          { colid: 'name', order: 'Ascending' },
        ],
      });
      expect(p.sorts.map((s) => [s.column.id, s.order, s.group ?? false])).toEqual([
        ['stage', 'Descending', true],
        ['amount', 'Descending', false],
      ]);
      // Without a query sort, the stored ones; a reset query drops its own.
      const stored = plan({ ...byStage, sorts: [...byAmount.sorts, ...byName.sorts] });
      expect(stored.sorts.map((s) => s.column.id)).toEqual(['stage', 'amount']);
      const reset = plan(byStage, { sort: [{ colid: 'stage', order: 'Descending' }], isReset: true });
      expect(reset.sorts.map((s) => s.order)).toEqual(['Ascending']);
    });

    it('lays query conditions over stored ones, except hidden ones, and adds picker conditions', () => {
      const p = plan(
        {
          conditions: [
            { id: 'c1', columnId: 'amount', oper: 'GreaterThan', value: 10 },
            { id: 'c2', columnId: 'region', oper: 'Equal', value: 'North', isHidden: true },
          ],
        },
        {
          conds: [
            { expid: 'c1', oper: 'LessThan', value: 5 },
            { expid: 'c2', value: 'South' },
            { expid: 'name', value: 'Acme' },
          ],
        },
      );
      expect(p.conditions.map((c) => [c.id, c.oper, c.value])).toEqual([
        ['c1', 'LessThan', 5],
        ['c2', 'Equal', 'North'],
        ['name', 'Equal', 'Acme'],
      ]);
    });

    it('clamps the page size and takes no more rows than the result limit leaves', () => {
      expect(plan({}, { pageSize: 5000 })).toMatchObject({
        pageSize: 1000,
        take: 1000,
        start: 0,
        limit: undefined,
      });
      expect(plan({ limit: 30 }, { pageSize: 20, startIndex: 20 })).toMatchObject({
        take: 10,
        start: 20,
        limit: 30,
      });
      expect(plan({ limit: 30 }, { pageSize: 20, startIndex: 40 })).toMatchObject({ take: 0 });
      expect(plan({ limit: 30 }, { limitOperator: 'ResultLimit', limitValue: 2 }).limit).toBe(2);
      expect(plan({ limit: 30 }, { limitOperator: 'ResultLimit', limitValue: -4 }).limit).toBe(1);
      expect(plan({ limit: 30 }, { limitOperator: 'ResultLimit', limitValue: 2, isReset: true }).limit).toBe(
        30,
      );
    });

    it('asks for the buckets and the grand total the report shows', () => {
      const aggregates = [{ columnId: 'amount', kinds: ['Sum'] }];
      expect(plan().totals).toEqual([]);
      expect(plan(byStage).totals).toEqual(['groups']);
      expect(plan({ ...byStage, showGrandTotals: true }).totals).toEqual(['groups', 'total']);
      expect(plan({ aggregates }).totals).toEqual(['total']);
      expect(plan({ aggregates }).aggregates.map((a) => [a.column.id, a.kinds])).toEqual([
        ['amount', ['Sum']],
      ]);
    });

    it('knows the types it reads, or that it may read any record', () => {
      const flat = [
        { id: 'name', kind: 'field', fieldId: 1 },
        { id: 'stage', kind: 'relationship', relId: 80, direction: 'fwd' },
      ];
      expect(plan({ columns: flat }).typesRead).toEqual([deal.id, stage.id]);
      expect(plan({ columns: flat }, {}, {}, withDerived).typesRead).toEqual([deal.id, bigDeal.id, stage.id]);
      // A calculation, a rule limiting rows and a related-record detail may read any record.
      expect(plan().typesRead).toBeUndefined();
      const rules = { hasRowRules: (_: 'read', t: number) => t === stage.id };
      expect(plan({ columns: flat }, {}, { access: rules }).typesRead).toBeUndefined();
      expect(
        plan({ columns: flat }, { relationDetail: { eid: 9, relid: 81, direction: 'fwd' } }).typesRead,
      ).toBeUndefined();
    });

    it('searches only the shown columns of a public view', () => {
      expect(plan({}, {}, { publicView: true }).searchColumns?.map((c) => c.id)).not.toContain('region');
      expect(plan().searchColumns).toBeUndefined();
    });
  });

  describe('refuses what the report cannot answer, before any statement', () => {
    const refused = (f: () => unknown, message: RegExp) => {
      let error: unknown;
      try {
        f();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as Error).message).toMatch(message);
    };

    it('names unknown columns, conditions and types', () => {
      refused(
        () => plan({}, { sort: [{ colid: 'nope', order: 'Ascending' }] }),
        /Unknown column 'nope' in sort/,
      );
      refused(() => plan({ aggregates: [{ columnId: 'gone', kinds: ['Sum'] }] }), /in aggregates/);
      refused(() => plan({}, { conds: [{ expid: 'nope', value: 1 }] }), /Unknown condition 'nope'/);
      refused(() => plan({}, { entityTypeId: stage.id }), /entityTypeId/);
      refused(() => plan({ groups: [{ columnId: 'gone', order: 'Ascending' }] }), /in groups/);
    });

    it('refuses a group by a many-valued column and a search holding NUL', () => {
      refused(() => plan({ groups: [{ columnId: 'tags', order: 'Ascending' }] }), /links to many records/);
      refused(() => plan({}, { quickSearch: 'a\u0000b' }), /NUL/);
    });
  });
});

describe('groupSpans', () => {
  const buckets = [{ cnt: 3 }, { cnt: 0 }, { cnt: 4 }, { cnt: '2' }];

  it('lists the groups from the one holding the first row, with where the page starts in each', () => {
    expect(groupSpans(buckets, 0)?.map((s) => [s.from, s.count])).toEqual([
      [0, 3],
      [0, 4],
      [0, 2],
    ]);
    expect(groupSpans(buckets, 5)?.map((s) => [s.bucket, s.from, s.count])).toEqual([
      [buckets[2], 2, 2],
      [buckets[3], 0, 2],
    ]);
    expect(groupSpans(buckets, 9)).toEqual([]);
  });

  it('gives up when the buckets may be cut at the most a report answers', () => {
    expect(
      groupSpans(
        Array.from({ length: 1000 }, () => ({ cnt: 1 })),
        0,
      ),
    ).toBeUndefined();
    expect(
      groupSpans(
        Array.from({ length: 999 }, () => ({ cnt: 1 })),
        0,
      ),
    ).toHaveLength(999);
  });
});
