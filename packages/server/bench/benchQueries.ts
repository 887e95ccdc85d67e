import type { EntityChange, ReportQuery } from '@plinth/schema';
import { adjectives, type BenchData, nouns } from './seedBench.js';

/**
 * The bodies of the reports bench's calls, shared by its timed runs (run.ts) and its instruction
 * counts (instructionBench.ts), so both measure the same requests.
 */
export function benchQueries(data: BenchData, random: () => number = Math.random) {
  const sorted: Partial<ReportQuery> = {
    pageSize: 51,
    metadata: 'none',
    sort: [{ colid: 'amount', order: 'Descending' }],
  };
  const filtered: Partial<ReportQuery> = {
    ...sorted,
    conds: [
      { expid: 'stage', oper: 'AnyOf', valueList: [data.stageIds[2]!] },
      { expid: 'amount', oper: 'GreaterThan', value: 1000 },
    ],
  };
  const searched: Partial<ReportQuery> = { pageSize: 51, metadata: 'none', quickSearch: 'ranite renew' };
  const grouped: Partial<ReportQuery> = { pageSize: 51, metadata: 'none' };

  const word = (list: readonly string[], i: number) => list[i % list.length]!.toLowerCase();
  /** The n-th new term: in turn one in about 1% of the names ("ilver ro") and one in a few ("rollout 1234"). */
  const newTerm = (n: number) => {
    const k = Math.floor(n / 2); // distinct below 400 for the first kind
    return n % 2 === 0
      ? `${word(adjectives, k).slice(1)} ${word(nouns, Math.floor(k / 10)).slice(0, 2 + (Math.floor(k / 100) % 4))}`
      : `${word(nouns, k)} ${n}`;
  };
  let searches = 0;
  let contained = 0;
  let created = 0;
  return {
    sorted,
    filtered,
    searched,
    grouped,
    /** A quick search for a term no call has searched for, so no kept rows answer it. */
    freshSearch: (): Partial<ReportQuery> => ({
      pageSize: 51,
      metadata: 'none',
      quickSearch: newTerm(++searches),
    }),
    /** A name condition with a term no call has asked before, of the same two kinds. */
    nameContains: (): Partial<ReportQuery> => ({
      pageSize: 51,
      metadata: 'none',
      conds: [{ expid: 'name', oper: 'Contains', value: newTerm(++contained) }],
    }),
    newOpportunity: (): EntityChange => ({
      id: 'new:o',
      typeId: data.opportunityTypeId,
      fields: {
        name: `Bench opportunity ${++created}`,
        amount: 1234.5,
        closeDate: '2026-01-31',
        probability: 50,
        won: false,
      },
      relationships: { stage: { set: [data.stageIds[0]!] }, account: { set: [data.accountIds[0]!] } },
    }),
    /** A new amount on a seeded opportunity picked at random. */
    update: (): EntityChange => ({
      id: data.recordIds.first + Math.floor(random() * data.recordIds.count),
      fields: { amount: Math.round(random() * 1e6) / 100 },
    }),
  };
}
