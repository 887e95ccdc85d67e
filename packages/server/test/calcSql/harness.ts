import {
  type CompileResult,
  joinSql,
  NAME_FIELD_ID,
  sqlFragment as q,
  rawSql,
  renderSql,
  type SqlDialectName as SqlDialect,
  type SqlFragment,
  type SqlHooks,
  type SqlRelStep,
  toSql,
} from '@plinth/calc';
import Database from 'better-sqlite3';
import pg from 'pg';
import { data, NOW, schema, TIME_ZONE } from '../../../calc/test/fixture.js';

// The calc fixture's records (Person, Employee, Status, Tag) stored the way the server stores them:
// fields as JSON in `data`, links in a relationships table.

const TYPES = ['person', 'employee', 'status', 'tag'];
const FIELD_IDS = [
  'f-first',
  'f-last',
  'f-age',
  'f-salary',
  'f-rating',
  'f-birth',
  'f-starts',
  'f-lunch',
  'f-active',
  'f-email',
  'f-phone',
  'f-nick',
  'f-order',
  'f-shadowed',
  'f-weight',
];
const FORWARD_RELS = ['r-manager', 'r-status', 'r-tags'];

interface Row {
  id: number;
  type_id: string;
  name: string | null;
  enum_order: number | null;
  data: string;
}

/** The server's record ids are integers: the fixture's ids ('p1', 's-open'…) mapped to 1, 2, … */
const numericIds = new Map<string, number>();
const fixtureIds = new Map<number, string>();
const numericId = (id: string): number => {
  let n = numericIds.get(id);
  if (n === undefined) {
    n = numericIds.size + 1;
    numericIds.set(id, n);
    fixtureIds.set(n, id);
  }
  return n;
};

/** Parameter values with record ids as the server's numeric ids. */
function serverParams(params: Record<string, unknown>): Record<string, unknown> {
  const map = (v: unknown) => (typeof v === 'string' && numericIds.has(v) ? String(numericIds.get(v)) : v);
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(map) : map(v)]),
  );
}

async function fixtureRows(): Promise<{ entities: Row[]; links: [string, number, number][] }> {
  const entities: Row[] = [];
  const links: [string, number, number][] = [];
  const seen = new Set<string>();
  for (const typeId of TYPES) {
    for (const ref of await data.all(typeId)) {
      if (seen.has(ref.id)) continue;
      seen.add(ref.id);
      const fields: Record<string, unknown> = {};
      for (const f of FIELD_IDS) {
        const v = await data.getField(ref, f);
        if (v !== undefined) fields[f] = v;
      }
      entities.push({
        id: numericId(ref.id),
        type_id: ref.typeId,
        name: (await data.nameOf(ref)) ?? null,
        enum_order: (await data.choiceOrder?.(ref)) ?? null,
        data: JSON.stringify(fields),
      });
      for (const rel of FORWARD_RELS) {
        for (const to of await data.getRelated(ref, rel, 'forward'))
          links.push([rel, numericId(ref.id), numericId(to.id)]);
      }
    }
  }
  return { entities, links };
}

/** The server's way of reading records, over the `calc_entities` / `calc_relationships` tables. */
export function hooks(dialect: SqlDialect): SqlHooks {
  let n = 0;
  const ends = (step: SqlRelStep) =>
    step.direction === 'forward' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
  /** A scalar subquery selecting `pick(alias)` of the record at the end of the path. */
  const walk = (
    row: string,
    path: readonly SqlRelStep[],
    pick: (alias: string) => SqlFragment,
  ): SqlFragment => {
    if (path.length === 0) return pick(row);
    let from = rawSql('');
    let where = rawSql('');
    let prev = `${row}.id`;
    path.forEach((step, i) => {
      const r = `r${++n}`;
      const e = `x${n}`;
      const [self, other] = ends(step);
      const join = q`calc_relationships ${rawSql(r)} JOIN calc_entities ${rawSql(e)} ON ${rawSql(`${e}.id = ${r}.${other}`)}`;
      from = i === 0 ? join : q`${from}, ${join}`;
      const cond = q`${rawSql(`${r}.rel_id`)} = ${step.relationshipId} AND ${rawSql(`${r}.${self} = ${prev}`)}`;
      where = i === 0 ? cond : q`${where} AND ${cond}`;
      prev = `${e}.id`;
    });
    const last = prev.slice(0, -3);
    return q`(SELECT ${pick(last)} FROM ${from} WHERE ${where} LIMIT 1)`;
  };
  const json = (alias: string, fieldId: string) =>
    dialect === 'sqlite'
      ? q`json_extract(${rawSql(`${alias}.data`)}, ${`$."${fieldId}"`})`
      : q`(${rawSql(`${alias}.data`)} ->> ${fieldId})`;
  const idValue = (id: string) =>
    dialect === 'sqlite' ? q`CAST(${id} AS INTEGER)` : q`CAST(${id} AS bigint)`;
  return {
    recordIdValue: idValue,
    field: (row, path, fieldId) =>
      walk(row, path, (a) => (fieldId === NAME_FIELD_ID ? rawSql(`${a}.name`) : json(a, fieldId))),
    recordId: (row, path) => walk(row, path, (a) => rawSql(`${a}.id`)),
    recordName: (row, path) => walk(row, path, (a) => rawSql(`${a}.name`)),
    choiceOrder: (row, path) => walk(row, path, (a) => rawSql(`${a}.enum_order`)),
    related: (row, path, step) => {
      const r = `r${++n}`;
      const e = `x${n}`;
      const [self, other] = ends(step);
      const owner = walk(row, path, (a) => rawSql(`${a}.id`));
      return {
        from: q`FROM calc_relationships ${rawSql(r)} JOIN calc_entities ${rawSql(e)} ON ${rawSql(`${e}.id = ${r}.${other}`)}`,
        where: q`${rawSql(`${r}.rel_id`)} = ${step.relationshipId} AND ${rawSql(`${r}.${self}`)} = ${owner}`,
        row: e,
      };
    },
    records: (ids) => {
      const e = `x${++n}`;
      const list = ids.length === 0 ? rawSql('NULL') : joinSql(ids.map((id) => idValue(id)));
      return {
        from: q`FROM calc_entities ${rawSql(e)}`,
        where: q`${rawSql(`${e}.id`)} IN (${list})`,
        row: e,
      };
    },
  };
}

export interface Engine {
  readonly dialect: SqlDialect;
  /** The expression's value for the record `contextId` (JSON-ready output), or an error. */
  run(
    compiled: CompileResult,
    contextId: string,
    params: Record<string, unknown>,
  ): Promise<{ value: unknown } | { error: string }>;
  /** The fixture's people for whom a Bool expression holds, as a report condition (`output: 'raw'`). */
  filter(compiled: CompileResult, params: Record<string, unknown>): Promise<string[] | { error: string }>;
  close(): Promise<void>;
}

const CREATE = [
  'CREATE TEMP TABLE calc_entities (id %ID% PRIMARY KEY, type_id TEXT NOT NULL, name TEXT, enum_order INTEGER, data %JSON% NOT NULL)',
  'CREATE TEMP TABLE calc_relationships (rel_id TEXT NOT NULL, from_id %ID% NOT NULL, to_id %ID% NOT NULL)',
];

/** A record result back to the fixture's id. */
const fromServer = (v: unknown, compiled: CompileResult) =>
  compiled.resultType === 'Entity' && v !== null && v !== undefined ? fixtureIds.get(Number(v)) : v;

function condition(compiled: CompileResult, dialect: SqlDialect, params: Record<string, unknown>) {
  const r = toSql(compiled, {
    dialect,
    row: 'e0',
    hooks: hooks(dialect),
    timeZone: TIME_ZONE,
    now: NOW,
    params: serverParams(params),
    output: 'raw',
  });
  if (!r.ok) return r;
  return {
    ok: true as const,
    ...renderSql(
      q`SELECT e0.id FROM calc_entities e0 WHERE e0.type_id IN ('person', 'employee') AND (${r.sql}) ORDER BY e0.id`,
      dialect,
    ),
  };
}

const idsOf = (rows: { id: unknown }[]) => rows.map((r) => fixtureIds.get(Number(r.id)) ?? '?');

function translate(compiled: CompileResult, dialect: SqlDialect, params: Record<string, unknown>) {
  const r = toSql(compiled, {
    dialect,
    row: 'e0',
    hooks: hooks(dialect),
    timeZone: TIME_ZONE,
    now: NOW,
    params: serverParams(params),
  });
  if (!r.ok) return r;
  return {
    ok: true as const,
    ...renderSql(q`SELECT ${r.sql} AS v FROM calc_entities e0 WHERE e0.id = `, dialect),
  };
}

export async function sqliteEngine(): Promise<Engine> {
  const db = new Database(':memory:');
  for (const s of CREATE) db.exec(s.replace('%JSON%', 'TEXT').replaceAll('%ID%', 'INTEGER'));
  const { entities, links } = await fixtureRows();
  const insert = db.prepare('INSERT INTO calc_entities VALUES (@id, @type_id, @name, @enum_order, @data)');
  for (const e of entities) insert.run(e);
  const link = db.prepare('INSERT INTO calc_relationships VALUES (?, ?, ?)');
  for (const l of links) link.run(...l);
  return {
    dialect: 'sqlite',
    async run(compiled, contextId, params) {
      const t = translate(compiled, 'sqlite', params);
      if (!t.ok) return { error: t.error };
      try {
        const row = db.prepare(`${t.sql}?`).get(...(t.params as unknown[]), numericId(contextId)) as {
          v: unknown;
        };
        return { value: fromServer(row.v, compiled) };
      } catch (e) {
        return { error: `SQL: ${(e as Error).message}\n${t.sql}` };
      }
    },
    async filter(compiled, params) {
      const t = condition(compiled, 'sqlite', params);
      if (!t.ok) return { error: t.error };
      try {
        return idsOf(db.prepare(t.sql).all(...(t.params as unknown[])) as { id: unknown }[]);
      } catch (e) {
        return { error: `SQL: ${(e as Error).message}\n${t.sql}` };
      }
    },
    async close() {
      db.close();
    },
  };
}

export async function postgresEngine(url: string): Promise<Engine> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const s of CREATE) await client.query(s.replace('%JSON%', 'jsonb').replaceAll('%ID%', 'bigint'));
  const { entities, links } = await fixtureRows();
  for (const e of entities) {
    await client.query('INSERT INTO calc_entities VALUES ($1, $2, $3, $4, $5)', [
      e.id,
      e.type_id,
      e.name,
      e.enum_order,
      e.data,
    ]);
  }
  for (const l of links) await client.query('INSERT INTO calc_relationships VALUES ($1, $2, $3)', l);
  return {
    dialect: 'postgres',
    async run(compiled, contextId, params) {
      const t = translate(compiled, 'postgres', params);
      if (!t.ok) return { error: t.error };
      try {
        const res = await client.query(`${t.sql}$${t.params.length + 1}`, [
          ...t.params,
          numericId(contextId),
        ]);
        return { value: fromServer(res.rows[0]?.v, compiled) };
      } catch (e) {
        return { error: `SQL: ${(e as Error).message}\n${t.sql}` };
      }
    },
    async filter(compiled, params) {
      const t = condition(compiled, 'postgres', params);
      if (!t.ok) return { error: t.error };
      try {
        return idsOf((await client.query(t.sql, t.params)).rows);
      } catch (e) {
        return { error: `SQL: ${(e as Error).message}\n${t.sql}` };
      }
    },
    async close() {
      await client.end();
    },
  };
}

/** A value as both sides can show it: numbers to 12 significant digits, records by id. */
export function normalise(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'Bool') return v === true || v === 1 || v === '1' || v === 't';
  if (['Int32', 'Decimal', 'Currency'].includes(type)) {
    const n = Number(v);
    return n === 0 ? '0' : Number(n.toPrecision(12)).toString();
  }
  if (type === 'Entity') return typeof v === 'object' ? (v as { id: string }).id : String(v);
  if (type === 'DateTime') return new Date(String(v)).toISOString();
  if (type === 'Time') return String(v).slice(0, 8);
  // Decimals shown inside text: SQLite computes with doubles (14 significant digits), so compare
  // them at 12.
  if (typeof v === 'string')
    return v.replace(/-?\d+\.\d+/g, (n) => Number(Number(n).toPrecision(12)).toString());
  return v;
}

export { schema };
