import {
  firstUserId,
  type Schema,
  type StoredLink,
  schemaFromRecords,
  sysRel,
  sysType,
} from '@plinth/schema';
import { type AccessRule, type AccessRuleProblem, parseAccessRules } from '../access/accessRules.js';
import { translateRuleFilter } from '../access/ruleFilters.js';
import { parseData } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { engineOf } from '../data/executor.js';
import { ensureFieldIndexes } from '../data/fieldIndexes.js';
import { systemQuery } from '../data/systemQuery.js';

/** What every request of a tenant needs about its metamodel: the schema and the access rules. */
export interface TenantMeta {
  version: number;
  schema: Schema;
  /** With their calculations translated to SQL once per version. */
  rules: AccessRule[];
  /** Rules whose calculation cannot run: they grant nothing. */
  ruleProblems: AccessRuleProblem[];
}

/** Where warnings go (the request's or the app's pino logger). */
export interface WarningLog {
  warn(obj: object, msg: string): void;
}

const metaTypes = [sysType.type, sysType.field, sysType.relationship, sysType.accessRule];
const metaRels = [
  sysRel.inherits,
  sysRel.fieldIsOnType,
  sysRel.fieldInGroup,
  sysRel.fromType,
  sysRel.toType,
  sysRel.defaultEditForm,
  sysRel.defaultEditRecordPage,
  sysRel.defaultDisplayReport,
  sysRel.defaultPickerReport,
  sysRel.toDisplayReport,
  sysRel.toPickerReport,
  sysRel.fromDisplayReport,
  sysRel.fromPickerReport,
  sysRel.accessRuleRole,
  sysRel.accessRuleType,
];

/**
 * Caches each tenant's metamodel, revalidated on every use against the tenant's `meta_version`
 * (one indexed read), so several processes can serve one database.
 */
export class TenantMetaCache {
  readonly #cache = new Map<number, TenantMeta>();
  /** Versions whose rule problems have been logged. */
  readonly #logged = new WeakSet<TenantMeta>();

  /**
   * The tenant's metamodel; rules that grant nothing because of their calculation are logged once
   * to `log`. `version` is the tenant's `meta_version` when the caller has just read it (the
   * caller cache reads it with its markers), saving the read.
   */
  async get(db: CallerHandle, tenantId: number, log?: WarningLog, version?: number): Promise<TenantMeta> {
    const meta = await this.#get(db, tenantId, version);
    if (log && !this.#logged.has(meta)) {
      this.#logged.add(meta);
      for (const p of meta.ruleProblems) {
        log.warn(
          { tenantId, accessRuleId: p.ruleId, accessRule: p.ruleName, reason: p.message },
          'access rule grants nothing: its calculation cannot run',
        );
      }
    }
    return meta;
  }

  async #get(db: CallerHandle, tenantId: number, version?: number): Promise<TenantMeta> {
    const row =
      version !== undefined
        ? { meta_version: version }
        : await systemQuery(db, 'catalogue')
            .selectFrom('tenants')
            .select('meta_version')
            .where('id', '=', tenantId)
            .executeTakeFirst();
    if (!row) throw new Error(`Tenant ${tenantId} does not exist.`);
    const cached = this.#cache.get(tenantId);
    if (cached && cached.version === row.meta_version) return cached;
    const meta = await loadTenantMeta(db, tenantId, row.meta_version);
    // A changed metamodel may have new fields: give them their report indexes.
    await ensureFieldIndexes(db, engineOf(db), tenantId, meta.schema);
    this.#cache.set(tenantId, meta);
    return meta;
  }

  /** Drops a tenant's entry, e.g. after a write in this process changed its metamodel. */
  invalidate(tenantId: number): void {
    this.#cache.delete(tenantId);
  }
}

/** Loads a tenant's metamodel and access rules from storage: what every caller's rights are made of. */
export async function loadTenantMeta(
  db: CallerHandle,
  tenantId: number,
  version: number,
): Promise<TenantMeta> {
  const rows = await systemQuery(db, 'catalogue')
    .selectFrom('entities')
    .select(['id', 'type_id', 'name', 'alias', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('type_id', 'in', metaTypes)
    .where('id', '>=', firstUserId)
    // In the order they were made, so members list the same way on every engine.
    .orderBy('id')
    .execute();
  const linkRows = await systemQuery(db, 'catalogue')
    .selectFrom('relationships')
    .select(['rel_id', 'from_id', 'to_id'])
    .where('tenant_id', '=', tenantId)
    .where('rel_id', 'in', metaRels)
    .execute();
  const records = rows.map((r) => ({
    id: r.id,
    typeId: r.type_id,
    name: r.name,
    alias: r.alias,
    data: parseData(r.data),
  }));
  const links: StoredLink[] = linkRows.map((l) => ({ relId: l.rel_id, fromId: l.from_id, toId: l.to_id }));
  const schema = schemaFromRecords(records, links);
  const engine = engineOf(db);
  const { rules, problems } = parseAccessRules(records, links, (typeId, source) =>
    translateRuleFilter(schema, engine, tenantId, typeId, source),
  );
  return { version, schema, rules, ruleProblems: problems };
}
