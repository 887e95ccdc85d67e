import { sysField, sysType } from '@plinth/schema';
import type { Kysely } from 'kysely';
import { parseData } from '../../data/entityRepository.js';
import { sanitizeRichText } from '../../entities/sanitizeRichText.js';
import { rewriteFieldValues } from '../../metamodel/fieldValueChanges.js';
import type { Db, Engine } from '../tables.js';

/**
 * Every stored rich-text value through the sanitiser once (issue 14, decision 0041): a database
 * written before a field's change to Rich text converted its values may hold HTML never cleaned.
 * From here on, every write path stores rich text sanitised, so reads serve it as stored.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const typed = db as unknown as Db;
  const fields = await typed
    .selectFrom('entities')
    .select(['tenant_id', 'id', 'data'])
    .where('type_id', '=', sysType.field)
    .execute();
  for (const field of fields) {
    if (parseData(field.data)[String(sysField.fieldType)] !== 'RichText') continue;
    await rewriteFieldValues(typed, engine, field.tenant_id, field.id, (html) =>
      typeof html === 'string' ? sanitizeRichText(html) : html,
    );
  }
}
