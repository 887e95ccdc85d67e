import { type ConditionalFormat, choiceDefaultFormat, type EntityId } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { enumValueOf, readEnumValues, sortEnumValues } from '../metamodel/enumValues.js';
import type { ResolvedColumn } from './resolveColumns.js';

/**
 * The default formatting of a report's choice columns (spec 02 §3 defcfRule): each choice value's
 * own colour, or its icon, so a Stage column shows coloured without per-report setup. Columns that
 * link to many values keep their coloured chips instead. Keyed by column id; one read per choice
 * type, with the caller's read rules, unless `read` holds the type's values (read with the page).
 */
export async function choiceColumnFormats(
  ctx: RequestContext,
  columns: readonly ResolvedColumn[],
  read?: ReadonlyMap<EntityId, readonly EntityRow[]>,
): Promise<Map<string, ConditionalFormat>> {
  const out = new Map<string, ConditionalFormat>();
  const byType = new Map<EntityId, ConditionalFormat | undefined>();
  for (const c of columns) {
    if (!isChoiceColumn(c)) continue;
    if (!byType.has(c.targetTypeId)) {
      const rows = read?.get(c.targetTypeId);
      const values = rows ? sortEnumValues(rows.map(enumValueOf)) : await readEnumValues(ctx, c.targetTypeId);
      byType.set(c.targetTypeId, choiceDefaultFormat(values));
    }
    const format = byType.get(c.targetTypeId);
    if (format) out.set(c.id, format);
  }
  return out;
}

/** A column the choice values' default format applies to. */
export const isChoiceColumn = (c: ResolvedColumn): c is Extract<ResolvedColumn, { kind: 'relationship' }> =>
  c.kind === 'relationship' && c.type === 'ChoiceRelationship' && !c.many;
