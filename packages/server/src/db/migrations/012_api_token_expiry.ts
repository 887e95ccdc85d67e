import type { Kysely } from 'kysely';

/** An API token may be given an expiry (issue 14); tokens made before have none. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
}
