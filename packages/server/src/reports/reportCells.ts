import { type EntityId, type FieldDef, formatAutoNumber, sysField } from '@plinth/schema';
import { calculatedValues } from '../calc/calculatedFields.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, fieldValue, selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { type PageLinkEnd, readPageRecords } from './pageRecords.js';
import type { ResolvedColumn, ResolvedStep } from './resolveColumns.js';

/** A field's cell: its value, and the text shown when that differs (auto-numbers). */
export type FieldCell = { val: string | number | boolean | null; text?: string };
export type Cell = FieldCell | { vals: Array<{ eid: EntityId; val: string | null; color?: string }> };

/**
 * The cells of a page of rows: one query per relationship step and per relationship column, never
 * one per row. Related records the caller cannot read are left out. `versions`, when given, gets
 * each row's version as read with its cells; `choices`, the values of its choice types.
 */
export async function reportCells(
  ctx: RequestContext,
  columns: readonly ResolvedColumn[],
  ids: readonly EntityId[],
  versions?: Map<EntityId, number>,
  /** Choice types whose values the caller may read are read with the page into this map, by type. */
  choices?: Map<EntityId, EntityRow[]>,
): Promise<Map<EntityId, Map<string, Cell>>> {
  const out = new Map<EntityId, Map<string, Cell>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return out;
  // The page's records and every link end followed from them directly, in one statement.
  const ends = new Map<string, PageLinkEnd>();
  const addEnd = (relId: EntityId, direction: 'fwd' | 'rev') =>
    ends.set(`/${relId}:${direction}`, { relId, direction });
  for (const c of columns) {
    const first = c.path[0];
    if (first) addEnd(first.relId, first.direction);
    else if (c.kind === 'relationship') addEnd(c.rel.id, c.direction);
  }
  const choiceTypes = [...(choices?.keys() ?? [])];
  const page = await readPageRecords(
    ctx,
    ids,
    [...ends.values()],
    choiceTypes.map((t) => ctx.schema.descendants(t)),
  );
  choiceTypes.forEach((t, k) => {
    choices?.set(t, page.typed[k]!);
  });
  const endIndex = new Map([...ends.keys()].map((key, i) => [key, i]));
  const rows = page.rows;
  const linkedFromPage = (key: string) => page.linked[endIndex.get(key)!]!;
  for (const r of rows.values()) versions?.set(r.id, r.version);

  // Each distinct path prefix is followed once for the whole page.
  const reached = new Map<string, Map<EntityId, EntityRow>>();
  reached.set('', rows);
  const follow = async (path: readonly ResolvedStep[]): Promise<Map<EntityId, EntityRow>> => {
    let key = '';
    let current = new Map<EntityId, EntityRow>([...rows].map(([id, r]) => [id, r]));
    for (const step of path) {
      const next = `${key}/${step.relId}:${step.direction}`;
      const known = reached.get(next);
      if (known) {
        current = known;
        key = next;
        continue;
      }
      const sources = [...current];
      if (key === '' && ends.has(next)) {
        // A first step: read with the page.
        const reachedFrom = linkedFromPage(next);
        const mapped = new Map<EntityId, EntityRow>();
        for (const [rootId, row] of sources) {
          const target = reachedFrom.get(row.id)?.[0];
          if (target) mapped.set(rootId, target);
        }
        reached.set(next, mapped);
        current = mapped;
        key = next;
        continue;
      }
      const links = await selectLinks(ctx.db, ctx.tenantId, step.relId, step.direction, [
        ...new Set(sources.map(([, r]) => r.id)),
      ]);
      const targetOf = new Map<EntityId, EntityId>();
      for (const l of links) {
        const [from, to] = step.direction === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
        if (!targetOf.has(from)) targetOf.set(from, to);
      }
      const targets = new Map(
        (await tenantScope(ctx).readRecords([...new Set(targetOf.values())])).map((r) => [r.id, r]),
      );
      const mapped = new Map<EntityId, EntityRow>();
      for (const [rootId, row] of sources) {
        const t = targetOf.get(row.id);
        const target = t === undefined ? undefined : targets.get(t);
        if (target) mapped.set(rootId, target);
      }
      reached.set(next, mapped);
      current = mapped;
      key = next;
    }
    return current;
  };

  for (const column of columns) {
    const owners = await follow(column.path);
    if (column.kind === 'field') {
      // Calculated values are worked out for the whole page at once, as the caller.
      const calculated =
        column.field.type === 'Calculation'
          ? await calculatedValues(
              ctx,
              [...new Map([...owners.values()].map((r) => [r.id, r])).values()],
              column.field,
            )
          : undefined;
      for (const id of ids) {
        const owner = owners.get(id);
        const raw = !owner
          ? null
          : calculated
            ? (calculated.get(owner.id) ?? null)
            : fieldValue(owner, column.field);
        out.get(id)!.set(column.id, fieldCell(column.field, raw as string | number | boolean | null));
      }
      continue;
    }
    const relatedOf =
      column.path.length === 0
        ? linkedFromPage(`/${column.rel.id}:${column.direction}`)
        : await linkedRows(ctx, column, [...new Set([...owners.values()].map((r) => r.id))]);
    for (const id of ids) {
      const owner = owners.get(id);
      const vals = [...(owner ? (relatedOf.get(owner.id) ?? []) : [])]
        .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))
        .map((r) => {
          const colour = r.data[String(sysField.enumColour)];
          return { eid: r.id, val: r.name, ...(typeof colour === 'string' ? { color: colour } : {}) };
        });
      out.get(id)!.set(column.id, { vals: column.many ? vals : vals.slice(0, 1) });
    }
  }
  return out;
}

/** The records a relationship column reaches from `ownerIds` that the caller may read, by owner. */
async function linkedRows(
  ctx: RequestContext,
  column: Extract<ResolvedColumn, { kind: 'relationship' }>,
  ownerIds: readonly EntityId[],
): Promise<Map<EntityId, EntityRow[]>> {
  const links = await selectLinks(ctx.db, ctx.tenantId, column.rel.id, column.direction, ownerIds);
  const relatedOf = new Map<EntityId, EntityId[]>();
  for (const l of links) {
    const [from, to] = column.direction === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
    relatedOf.set(from, [...(relatedOf.get(from) ?? []), to]);
  }
  const related = new Map(
    (await tenantScope(ctx).readRecords([...new Set([...relatedOf.values()].flat())])).map((r) => [r.id, r]),
  );
  const out = new Map<EntityId, EntityRow[]>();
  for (const [from, to] of relatedOf)
    out.set(
      from,
      to.map((id) => related.get(id)).filter((r): r is EntityRow => r !== undefined),
    );
  return out;
}

/**
 * A field's cell: the value, and for an auto-number with a display pattern the text the pattern
 * shows (decision 0023) — sorts, conditions and formatting keep using the number.
 */
export function fieldCell(field: FieldDef, val: string | number | boolean | null): FieldCell {
  if (field.storage !== 'autoNumber' || typeof val !== 'number') return { val };
  const text = formatAutoNumber(field.autoNumberDisplayPattern, val);
  return text === String(val) ? { val } : { val, text };
}
