import { type EntityId, type Schema, type StoredValue, sysType } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { type Executor, parseData } from '../data/entityRepository.js';
import { indexRecords } from '../data/search/searchIndex.js';
import { jsonValue } from '../db/jsonValue.js';
import type { Engine } from '../db/tables.js';
import { sanitizeRichText } from '../entities/sanitizeRichText.js';

/**
 * A plain-text value as the HTML that shows the same text: characters HTML would read as markup
 * escaped, line breaks as `<br>`. What a user saw in a Text or Multiline field is what the rich-text
 * field then shows, and a `<script>` typed as text stays text (decision 0041).
 */
export function plainTextAsHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return escaped.replace(/\r\n|\r|\n/g, '<br>');
}

/** A plain-text value converted to rich text: as HTML, then through the one sanitiser. */
export function richTextFromPlainText(text: string): string {
  return sanitizeRichText(plainTextAsHtml(text));
}

/**
 * Fields of a metamodel write whose values become HTML (a Text or Multiline field changed to Rich
 * text) have every stored value converted, in the write's transaction: no record keeps a value that
 * was never sanitised (issue 14).
 */
export async function convertValuesOfRetypedFields(
  ctx: RequestContext,
  schema: Schema,
  written: ReadonlyArray<{ id: EntityId; typeId: EntityId }>,
): Promise<void> {
  for (const row of written) {
    if (row.typeId !== sysType.field) continue;
    const before = ctx.schema.field(row.id);
    const after = schema.field(row.id);
    if (!before || !after || before.type === 'RichText' || after.type !== 'RichText') continue;
    await rewriteFieldValues(ctx.db, ctx.engine, ctx.tenantId, row.id, richTextFromPlainText);
  }
}

const BATCH = 500;

/**
 * Rewrites every stored value of a field with `convert`, a batch of records at a time (in id order,
 * so memory stays flat on a big table), bumping each changed record's version so a form opened
 * before the change cannot write the old value back unseen, and re-indexing its search text.
 */
export async function rewriteFieldValues(
  db: Executor,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
  convert: (value: string) => string,
): Promise<number> {
  const key = String(fieldId);
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('entities')
      .select(['id', 'type_id', 'name', 'data'])
      .where('tenant_id', '=', tenantId)
      .where('id', '>', after)
      .where(sql<boolean>`${jsonValue(engine, fieldId)} is not null`)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return changed;
    after = rows[rows.length - 1]!.id;
    const rewritten: {
      id: EntityId;
      typeId: EntityId;
      name: string | null;
      data: Record<string, StoredValue>;
    }[] = [];
    for (const r of rows) {
      const data = parseData(r.data);
      const value = data[key];
      if (typeof value !== 'string') continue;
      const converted = convert(value);
      if (converted === value) continue;
      data[key] = converted;
      await db
        .updateTable('entities')
        .set((eb) => ({ data: JSON.stringify(data), version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', r.id)
        .execute();
      rewritten.push({ id: r.id, typeId: r.type_id, name: r.name, data });
    }
    await indexRecords(db, tenantId, rewritten);
    changed += rewritten.length;
  }
}
