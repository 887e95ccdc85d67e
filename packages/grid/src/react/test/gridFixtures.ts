import { type ReportRunResponse, reportColumnMeta } from '@plinth/schema';
import type { ReportColumnMeta, ReportMeta, ReportRow } from '../../types.js';

export const col = (
  c: Partial<ReportColumnMeta> & Pick<ReportColumnMeta, 'title' | 'type' | 'ord'>,
): ReportColumnMeta => reportColumnMeta.parse({ hide: false, ...c });

/** A report of people: name, age, balance, joined, active, city (hidden), manager. */
export function peopleMeta(extra: Partial<ReportMeta> = {}): ReportMeta {
  return {
    title: 'People',
    rootTypeId: 10,
    rcols: {
      name: col({ title: 'Name', type: 'String', ord: 0, entityname: true, fid: 1 }),
      age: col({ title: 'Age', type: 'Int32', ord: 1, fid: 2 }),
      balance: col({ title: 'Balance', type: 'Currency', ord: 2, fid: 3, places: 2 }),
      joined: col({ title: 'Joined', type: 'Date', ord: 3, fid: 4 }),
      active: col({ title: 'Active', type: 'Bool', ord: 4, fid: 5 }),
      city: col({ title: 'City', type: 'String', ord: 5, fid: 6, hide: true }),
      manager: col({ title: 'Manager', type: 'RelatedResource', ord: 6, rid: 7, tid: 10 }),
    },
    sort: [],
    anlcols: {},
    ...extra,
  };
}

export function person(eid: number, name: string, city = 'Adelaide', age = 30 + eid): ReportRow {
  return {
    eid,
    values: [
      { val: name },
      { val: age },
      { val: eid * 100.5 },
      { val: `2026-03-0${(eid % 9) + 1}` },
      { val: eid % 2 === 0 },
      { val: city },
      { vals: [{ eid: 99, val: 'Boss Person' }] },
    ],
  };
}

export function people(count: number): ReportRow[] {
  return Array.from({ length: count }, (_, i) => person(i + 1, `Person ${i + 1}`));
}

export type Response = ReportRunResponse;
