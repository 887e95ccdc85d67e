import type { EntityId, StoredValue } from '@plinth/schema';
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
 * A field that becomes Rich text has every stored value converted to sanitised HTML, in the
 * write's transaction: no record keeps a value that was never sanitised (issue 14).
 */
export async function convertValuesToRichText(ctx: RequestContext, fieldId: EntityId): Promise<void> {
  await rewriteFieldValues(ctx.db, ctx.engine, ctx.tenantId, fieldId, (v) =>
    typeof v === 'string' ? richTextFromPlainText(v) : v,
  );
}

const BATCH = 500;

/**
 * Rewrites every stored value of a field with `convert` (the same value: left as it is; undefined:
 * the value removed), a batch of records at a time (in id order, so memory stays flat on a big
 * table), bumping each changed record's version so a form opened before the change cannot write
 * the old value back unseen, and re-indexing its search text.
 */
export async function rewriteFieldValues(
  db: Executor,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
  convert: (value: StoredValue, record: { id: EntityId; name: string | null }) => StoredValue | undefined,
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
      if (value === undefined || value === null) continue;
      const converted = convert(value, { id: r.id, name: r.name });
      if (converted === value) continue;
      if (converted === undefined) delete data[key];
      else data[key] = converted;
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
