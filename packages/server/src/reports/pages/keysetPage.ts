import { sql } from 'kysely';
import { tenantScope } from '../../data/tenantScope.js';
import { afterCursorSql, cursorOf, cursorSelect } from '../keysetSql.js';
import type { PageStrategy } from './pageStrategy.js';

type Row = Record<string, unknown>;

/**
 * An export's page of a report without groups, read by keyset cursor (decision 0024): the rows
 * after the cursor come in parts, each served by an index on the first key (keysetSql), and the
 * answer carries the cursor of its last row.
 */
export const keysetPage: PageStrategy = {
  name: 'keyset',
  appliesTo: (plan) =>
    plan.keyset && plan.groups.length === 0 && plan.seekable
      ? 'an export of a flat report whose order can be continued: read after a cursor'
      : undefined,
  async readPage({ ctx, plan, sql: q, start, take }) {
    const seek = q.seek!;
    const after = plan.keyset?.after;
    const rows: Row[] = [];
    for (const part of after ? afterCursorSql(seek, after) : [undefined]) {
      if (rows.length >= take) break;
      const statement = sql<Row>`SELECT ${sql.join([sql`e0.id AS id`, ...cursorSelect(ctx.engine, seek)])}
      FROM ${q.from()}
      WHERE ${part ? sql`${q.where} AND ${part.where}` : q.where} ORDER BY ${part ? part.orderBy : q.orderBy}
      LIMIT ${take - rows.length} OFFSET ${after ? 0 : start}`;
      const more = await tenantScope(ctx).execute(statement);
      rows.push(...more.rows);
    }
    return {
      ids: rows.map((r) => Number(r.id)),
      cursor: rows.length === 0 ? null : cursorOf(seek, rows.at(-1)!),
    };
  },
  empty: { ids: [], cursor: null },
};
