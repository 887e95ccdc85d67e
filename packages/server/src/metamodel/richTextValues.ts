import type { EntityId } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { sanitizeRichText } from '../entities/sanitizeRichText.js';
import { rewriteFieldValues } from './fieldValueChanges.js';

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
