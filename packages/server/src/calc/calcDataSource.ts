import {
  CalcDataError,
  type CalcDataSource,
  type CompileResult,
  compile,
  type EntityRef,
  type EvaluateResult,
  evaluate,
  type FieldValue,
} from '@plinth/calc';
import { type EntityId, type FieldDef, fieldLimits, type Schema, sysField } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import {
  columnRelationshipTarget,
  type EntityRow,
  fieldValue,
  selectLinks,
} from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { Batch } from './batch.js';

/** How deep calculated fields may read other calculated fields (cycles are refused when saved). */
const MAX_CALC_FIELD_DEPTH = 16;
/** The most records `all(Type)` hands to one calculation. */
export const MAX_ALL_RECORDS = 50_000;

const compiledFields = new WeakMap<Schema, Map<EntityId, CompileResult>>();

/** A Calculation field's expression compiled against its type, once per metamodel version. */
export function compiledField(schema: Schema, field: FieldDef): CompileResult {
  let byField = compiledFields.get(schema);
  if (!byField) {
    byField = new Map();
    compiledFields.set(schema, byField);
  }
  let compiled = byField.get(field.id);
  if (!compiled) {
    compiled = compile(field.calculation ?? '', {
      schema: calcSchemaOf(schema),
      contextTypeId: String(field.typeId),
      host: 'Evaluate',
    });
    byField.set(field.id, compiled);
  }
  return compiled;
}

/**
 * Reads records for calculations through the caller's permissions: a record the caller cannot read
 * is never found, listed or followed to, so a calculation sees exactly what the caller may read.
 * Reads of many evaluations running together are batched (one query per round of row reads and per
 * relationship, not one per record), and every row read is cached for the request.
 */
export class ServerCalcData implements CalcDataSource {
  readonly #rows: Batch<EntityId, EntityRow | null>;
  readonly #links = new Map<string, Batch<EntityId, EntityId[]>>();
  readonly #all = new Map<string, Promise<readonly EntityRef[]>>();
  #timeZone: Promise<string> | undefined;

  constructor(readonly ctx: RequestContext) {
    this.#rows = new Batch(async (ids) => {
      const rows = await tenantScope(ctx).readRecords(ids);
      return new Map(rows.map((r) => [r.id, r]));
    }, null);
  }

  /** Rows the caller has already been allowed to read. */
  prime(rows: readonly EntityRow[]): void {
    for (const r of rows) this.#rows.prime(r.id, r);
  }

  /** A readable record, or null (missing and unreadable look the same). */
  row(id: EntityId): Promise<EntityRow | null> {
    return this.#rows.load(id);
  }

  timeZone(): Promise<string> {
    this.#timeZone ??= readTenantSettings(this.ctx.db, this.ctx.tenantId).then((s) => s.timeZone);
    return this.#timeZone;
  }

  /**
   * A clock for one evaluation: the request's clock (fixed in tests) at its first reading, which is
   * the evaluation's `now()`, advancing with real time after, so that the 2-second limit holds
   * whatever the injected clock does.
   */
  clock(): () => number {
    const base = this.ctx.clock.now().getTime();
    let started: number | undefined;
    return () => {
      started ??= Date.now();
      return base + (Date.now() - started);
    };
  }

  /** Evaluates a compiled expression for the caller. */
  async evaluate(
    compiled: CompileResult,
    context: EntityRef | null,
    params?: Record<string, unknown>,
  ): Promise<EvaluateResult> {
    const timeZone = await this.timeZone();
    return evaluate(compiled, {
      context,
      ...(params ? { params } : {}),
      clock: this.clock(),
      timeZone,
      data: this,
    });
  }

  /** The value of a Calculation field on a readable record, evaluated with the record as context. */
  async calculatedValue(row: EntityRow, field: FieldDef, depth = 0): Promise<FieldValue> {
    if (depth > MAX_CALC_FIELD_DEPTH)
      throw new CalcDataError('Calculated fields refer to each other too deeply.');
    const compiled = compiledField(this.ctx.schema, field);
    if (!compiled.ok) return null;
    const source = depth === 0 ? this : new DepthData(this, depth);
    const timeZone = await this.timeZone();
    const result = await evaluate(compiled, {
      context: { id: String(row.id), typeId: String(row.typeId) },
      clock: this.clock(),
      timeZone,
      data: source,
    });
    if (result.error !== undefined && depth > 0) throw new CalcDataError(result.error);
    return storedForm(result);
  }

  async getField(entity: EntityRef, fieldId: string, depth = 0): Promise<FieldValue | undefined> {
    const row = await this.row(Number(entity.id));
    const field = this.ctx.schema.field(Number(fieldId));
    if (!row || !field) return null;
    if (field.type === 'Calculation') return this.calculatedValue(row, field, depth + 1);
    return fieldValue(row, field) as FieldValue;
  }

  async getRelated(
    entity: EntityRef,
    relationshipId: string,
    direction: 'forward' | 'reverse',
  ): Promise<readonly EntityRef[]> {
    const rel = this.ctx.schema.relationship(Number(relationshipId));
    const id = Number(entity.id);
    if (!rel) return [];
    let ids: EntityId[];
    if (rel.column) {
      if (direction === 'reverse') return [];
      const row = await this.row(id);
      const target = row ? columnRelationshipTarget(row, rel.column) : null;
      ids = target === null ? [] : [target];
    } else {
      const dir = direction === 'forward' ? 'fwd' : 'rev';
      const key = `${rel.id}|${dir}`;
      let batch = this.#links.get(key);
      if (!batch) {
        batch = new Batch(async (from) => {
          const out = new Map<EntityId, EntityId[]>();
          for (const l of await selectLinks(this.ctx.db, this.ctx.tenantId, rel.id, dir, from)) {
            const [a, b] = dir === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
            out.set(a, [...(out.get(a) ?? []), b]);
          }
          return out;
        }, []);
        this.#links.set(key, batch);
      }
      ids = await batch.load(id);
    }
    const rows = await Promise.all(ids.map((i) => this.row(i)));
    return rows
      .filter((r): r is EntityRow => r !== null)
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: String(r.id), typeId: String(r.typeId) }));
  }

  /** Every readable record of a type; asked once per request, however many evaluations ask. */
  all(typeId: string): Promise<readonly EntityRef[]> {
    let known = this.#all.get(typeId);
    if (!known) {
      known = this.#readAll(typeId);
      this.#all.set(typeId, known);
    }
    return known;
  }

  async #readAll(typeId: string): Promise<readonly EntityRef[]> {
    const types = this.ctx.schema.descendants(Number(typeId));
    if (types.length === 0) return [];
    const rows = await tenantScope(this.ctx)
      .records()
      .select(['id', 'type_id'])
      .where('type_id', 'in', types)
      .orderBy('id')
      .limit(MAX_ALL_RECORDS + 1)
      .execute();
    if (rows.length > MAX_ALL_RECORDS)
      throw new CalcDataError(`'all' reads at most ${MAX_ALL_RECORDS.toLocaleString('en')} records.`);
    return rows.map((r) => ({ id: String(r.id), typeId: String(r.type_id) }));
  }

  async byName(typeId: string, name: string): Promise<EntityRef | null> {
    const types = this.ctx.schema.descendants(Number(typeId));
    if (types.length === 0) return null;
    const row = await tenantScope(this.ctx)
      .records()
      .select(['id', 'type_id'])
      .where('type_id', 'in', types)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? { id: String(row.id), typeId: String(row.type_id) } : null;
  }

  async nameOf(entity: EntityRef): Promise<string | null> {
    return (await this.row(Number(entity.id)))?.name ?? null;
  }

  async choiceOrder(entity: EntityRef): Promise<number | null> {
    const row = await this.row(Number(entity.id));
    if (!row) return null;
    const order = row.data[String(sysField.enumOrder)];
    return typeof order === 'number' ? order : fieldLimits.choiceOrderDefault;
  }

  recordUrl(entity: EntityRef): string {
    return `/record/${encodeURIComponent(entity.id)}`;
  }
}

/** The data source as seen from inside a calculated field that another calculation reads. */
class DepthData implements CalcDataSource {
  constructor(
    private readonly inner: ServerCalcData,
    private readonly depth: number,
  ) {}
  getField(entity: EntityRef, fieldId: string) {
    return this.inner.getField(entity, fieldId, this.depth);
  }
  getRelated(entity: EntityRef, relationshipId: string, direction: 'forward' | 'reverse') {
    return this.inner.getRelated(entity, relationshipId, direction);
  }
  all(typeId: string) {
    return this.inner.all(typeId);
  }
  byName(typeId: string, name: string) {
    return this.inner.byName(typeId, name);
  }
  nameOf(entity: EntityRef) {
    return this.inner.nameOf(entity);
  }
  choiceOrder(entity: EntityRef) {
    return this.inner.choiceOrder(entity);
  }
  recordUrl(entity: EntityRef) {
    return this.inner.recordUrl(entity);
  }
}

/**
 * A calculated value as a stored value of its kind is read: numbers as numbers (Decimal and Currency
 * too, as other decimal fields read), records as their name, lists as their values joined; an
 * evaluation error reads as no value.
 */
export function storedForm(result: EvaluateResult): FieldValue {
  if (result.error !== undefined) return null;
  const v = result.value;
  const one = (x: unknown): FieldValue => {
    if (x === null || x === undefined) return null;
    if (typeof x === 'object') return (x as { name?: string | null }).name ?? null;
    if (typeof x === 'string' && (result.resultType === 'Decimal' || result.resultType === 'Currency')) {
      const n = Number(x);
      return Number.isFinite(n) ? n : x;
    }
    return x as FieldValue;
  };
  if (Array.isArray(v)) return v.map((x) => one(x) ?? '').join(', ');
  return one(v);
}
