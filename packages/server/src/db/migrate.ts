import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_search.js';
import * as m003 from './migrations/003_name_index.js';
import * as m004 from './migrations/004_export_tokens.js';
import * as m005 from './migrations/005_document_versions.js';
import * as m006 from './migrations/006_change_markers.js';
import * as m007 from './migrations/007_change_chunks.js';
import * as m008 from './migrations/008_file_hash_indexes.js';
import * as m009 from './migrations/009_link_marker_lookup.js';
import * as m010 from './migrations/010_search_order.js';
import * as m011 from './migrations/011_sanitise_rich_text.js';
import * as m012 from './migrations/012_api_token_expiry.js';
import * as m013 from './migrations/013_audit_log.js';
import * as m014 from './migrations/014_blob_pins.js';
import * as m016 from './migrations/016_tenant_keys.js';
import * as m017 from './migrations/017_sign_in_markers.js';
import * as m018 from './migrations/018_kept_partials.js';
import * as m019 from './migrations/019_csv_uploads.js';
import * as m020 from './migrations/020_jobs.js';
import * as m021 from './migrations/021_sqlite_chunk_sequence.js';
import * as m022 from './migrations/022_gin_pending_lists.js';
import type { Engine } from './tables.js';

type EngineMigration = { up(db: Kysely<unknown>, engine: Engine): Promise<void> };

/** Every migration, in order. A new one is a new file added here; released ones never change. */
const migrations: Record<string, EngineMigration> = {
  '001_initial': m001,
  '002_search': m002,
  '003_name_index': m003,
  '004_export_tokens': m004,
  '005_document_versions': m005,
  '006_change_markers': m006,
  '007_change_chunks': m007,
  '008_file_hash_indexes': m008,
  '009_link_marker_lookup': m009,
  '010_search_order': m010,
  '011_sanitise_rich_text': m011,
  '012_api_token_expiry': m012,
  '013_audit_log': m013,
  '014_blob_pins': m014,
  '016_tenant_keys': m016,
  '017_sign_in_markers': m017,
  '018_kept_partials': m018,
  '019_csv_uploads': m019,
  '020_jobs': m020,
  '021_sqlite_chunk_sequence': m021,
  '022_gin_pending_lists': m022,
};

class EngineMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [
        name,
        { up: (db: Kysely<unknown>) => m.up(db, this.engine) },
      ]),
    );
  }
}

/** Brings the database schema up to date; throws with the failing migration's error. */
export function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<string[]> {
  return migrate(db, engine, (m) => m.migrateToLatest());
}

/** Brings the database schema up to the named migration (a test of the ones after it starts there). */
export function migrateTo(db: Kysely<unknown>, engine: Engine, name: string): Promise<string[]> {
  return migrate(db, engine, (m) => m.migrateTo(name));
}

async function migrate(
  db: Kysely<unknown>,
  engine: Engine,
  run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<string[]> {
  const { error, results } = await run(new Migrator({ db, provider: new EngineMigrationProvider(engine) }));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
