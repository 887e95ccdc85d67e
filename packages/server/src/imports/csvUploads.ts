import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../context.js';
import { insertInto, tenantScope } from '../data/tenantScope.js';
import { notFound } from '../http/errors.js';
import { csvLimits, importMessages } from './importMessages.js';

/** A CSV file kept for an import (migration 019): its text, decoded once at upload. */
export interface CsvUpload {
  id: string;
  fileName: string;
  content: string;
}

/**
 * Keeps an uploaded file for its uploader in the tenant, answering its id; removes the tenant's
 * uploads older than a day, which nobody imported.
 */
export async function storeUpload(ctx: RequestContext, fileName: string, content: string): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.now().getTime();
  await tenantScope(ctx)
    .deleteFrom('csv_uploads')
    .where('uploaded_at', '<', now - csvLimits.keptMs)
    .execute();
  await insertInto(ctx.db, 'csv_uploads')
    .values({
      tenant_id: ctx.tenantId,
      id,
      user_id: ctx.actor.userId,
      file_name: fileName,
      content,
      uploaded_at: now,
    })
    .execute();
  return id;
}

/** The caller's own upload in the tenant; another's, or one removed, is a 404. */
export async function readUpload(ctx: RequestContext, id: string): Promise<CsvUpload> {
  const row = await tenantScope(ctx)
    .selectFrom('csv_uploads')
    .select(['file_name', 'content'])
    .where('id', '=', id)
    .where('user_id', '=', ctx.actor.userId)
    .executeTakeFirst();
  if (!row) throw notFound(importMessages.uploadNotFound);
  return { id, fileName: row.file_name, content: row.content };
}

/** Removes an upload once imported. */
export async function removeUpload(ctx: RequestContext, id: string): Promise<void> {
  await tenantScope(ctx).deleteFrom('csv_uploads').where('id', '=', id).execute();
}
