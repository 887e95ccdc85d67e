import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/** The system field holding a document's file hash (`sysField.fileDataHash`, fixed). */
const FILE_DATA_HASH = 210;

/**
 * Finds the documents and earlier versions that name a stored file (decision 0029): after a delete,
 * a file leaves the store only once nothing names it, and asking must not read every record. The
 * record index repeats the expression `referencedBlobHashes` compares, and holds only documents.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const hash =
    engine === 'postgres' ? `(data ->> '${FILE_DATA_HASH}')` : `json_extract(data, '$."${FILE_DATA_HASH}"')`;
  await sql
    .raw(`CREATE INDEX entities_file_hash ON entities (${hash}) WHERE ${hash} IS NOT NULL`)
    .execute(db);
  await sql`CREATE INDEX document_versions_file_hash ON document_versions (file_data_hash)`.execute(db);
}
