import type { Generated, Kysely } from 'kysely';

export interface TenantsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** Next id to hand out to a record of this tenant. */
  next_id: number;
  /** Bumped whenever the metamodel or access rules change, so caches can revalidate. */
  meta_version: number;
  catalogue_version: number;
  created_at: string;
}

export interface EntitiesTable {
  tenant_id: number;
  id: number;
  type_id: number;
  name: string | null;
  alias: string | null;
  /** Field values keyed by field id: JSON text on SQLite, jsonb on PostgreSQL. */
  data: unknown;
  version: number;
  created_at: string;
  modified_at: string;
  created_by: number | null;
  modified_by: number | null;
  owner_id: number | null;
}

export interface RelationshipsTable {
  tenant_id: number;
  rel_id: number;
  from_id: number;
  to_id: number;
}

/** Bumped (by triggers) in the transaction of every write to a type's records or their links. */
export interface ChangeMarkersTable {
  tenant_id: number;
  type_id: number;
  version: number;
}

/** Bumped (by triggers) in the transaction of every session or API token that ends or changes. */
export interface SignInMarkersTable {
  tenant_id: number;
  version: number;
}

export interface AutoNumbersTable {
  tenant_id: number;
  field_id: number;
  next_value: number;
}

export interface CredentialsTable {
  tenant_id: number;
  user_id: number;
  password_hash: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself is only in the cookie. */
  id: string;
  tenant_id: number;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface ApiTokensTable {
  /** SHA-256 of the token. */
  id: string;
  tenant_id: number;
  user_id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** After this time the token is refused; null: it does not expire. */
  expires_at: string | null;
}

/** One audited event: a record created, changed or deleted, or a sign-in (decision 0048). */
export interface AuditLogTable {
  id: Generated<number>;
  tenant_id: number;
  /** When, as an ISO time. */
  at: string;
  /** Who; null for a failed sign-in of an unknown user. */
  user_id: number | null;
  action: string;
  entity_id: number | null;
  type_id: number | null;
  /** The record's name when it changed (a deleted record keeps one). */
  entity_name: string | null;
  /** JSON: the field and link changes of the record. */
  changes: string;
  /** JSON: what else the event names (a sign-in's user name and address). */
  detail: string | null;
}

/** A download ticket of an export: what to export, for whom, until when. */
export interface ExportTokensTable {
  tenant_id: number;
  /** SHA-256 of the token; the token itself is only in the export answer and the download address. */
  id: string;
  user_id: number;
  report_id: number;
  format: string;
  /** The export query, JSON. */
  query: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An earlier file of a document. */
export interface DocumentVersionsTable {
  tenant_id: number;
  document_id: number;
  version_no: number;
  name: string;
  file_data_hash: string;
  file_extension: string;
  size: number;
  replaced_at: string;
  replaced_by: number | null;
}

/** A tenant's key for one purpose (decision 0071). */
export interface TenantKeysTable {
  tenant_id: number;
  purpose: string;
  key: string;
  created_at: string;
}

/** Group partials kept across restarts (decision 0089), by a digest of the cache key. */
export interface KeptPartialsTable {
  tenant_id: number;
  cache_key: string;
  state: string;
  /** Wall-clock milliseconds; bigint (text) on PostgreSQL. */
  saved_at: number | string;
}

/** A CSV file kept for an import (migration 019). */
export interface CsvUploadsTable {
  tenant_id: number;
  id: string;
  user_id: number;
  file_name: string;
  content: string;
  /** Wall-clock milliseconds; bigint (text) on PostgreSQL. */
  uploaded_at: number | string;
}

export interface Tables {
  tenants: TenantsTable;
  entities: EntitiesTable;
  relationships: RelationshipsTable;
  change_markers: ChangeMarkersTable;
  sign_in_markers: SignInMarkersTable;
  auto_numbers: AutoNumbersTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
  export_tokens: ExportTokensTable;
  document_versions: DocumentVersionsTable;
  tenant_keys: TenantKeysTable;
  kept_partials: KeptPartialsTable;
  csv_uploads: CsvUploadsTable;
}

export type Db = Kysely<Tables>;
export type Engine = 'sqlite' | 'postgres';
