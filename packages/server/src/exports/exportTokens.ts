import type { EntityId, ExportFormat } from '@plinth/schema';
import { newSecret, secretHash } from '../auth/tokens.js';
import type { RequestContext } from '../context.js';
import { insertInto, tenantScope } from '../data/tenantScope.js';

/** How long an export token can be downloaded with. */
export const exportTokenLifetimeMs = 15 * 60 * 1000;

export interface ExportTicket {
  reportId: EntityId;
  format: ExportFormat;
  query: unknown;
}

/**
 * Stores what to export under a new random token bound to the caller's tenant and user, and
 * answers the token. Expired tokens of the tenant are swept on the way, so the table stays small.
 */
export async function issueExportToken(ctx: RequestContext, ticket: ExportTicket): Promise<string> {
  const now = ctx.clock.now();
  const token = newSecret();
  await tenantScope(ctx).deleteFrom('export_tokens').where('expires_at', '<=', now.toISOString()).execute();
  await insertInto(ctx.db, 'export_tokens')
    .values({
      tenant_id: ctx.tenantId,
      id: secretHash(token),
      user_id: ctx.actor.userId,
      report_id: ticket.reportId,
      format: ticket.format,
      query: JSON.stringify(ticket.query),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + exportTokenLifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Takes a token for a download: it must be the caller's (tenant and user), unexpired, unused and,
 * when a format is given, of that format.
 * Taking it marks it used in the same statement, so two downloads cannot both get it. Answers
 * undefined for anything else — another user's token looks exactly like an unknown one.
 */
export async function takeExportToken(
  ctx: RequestContext,
  token: string,
  format?: ExportFormat,
): Promise<ExportTicket | undefined> {
  const now = ctx.clock.now().toISOString();
  const id = secretHash(token);
  const row = await tenantScope(ctx)
    .selectFrom('export_tokens')
    .select(['report_id', 'format', 'query'])
    .where('id', '=', id)
    .where('user_id', '=', ctx.actor.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  // Asked for as another format, it is not this file: left unused.
  if (!row || (format !== undefined && row.format !== format)) return undefined;
  const taken = await tenantScope(ctx)
    .updateTable('export_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return undefined;
  return {
    reportId: Number(row.report_id),
    format: row.format as ExportFormat,
    query: JSON.parse(row.query) as unknown,
  };
}
