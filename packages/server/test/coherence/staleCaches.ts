import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Executor } from '../../src/data/entityRepository.js';
import { type TenantMeta, TenantMetaCache, type WarningLog } from '../../src/metamodel/tenantMetaCache.js';

/**
 * Caches made incoherent on purpose, to show the case table catches a cache that keeps an answer
 * without revalidating it: a server built with one of them must fail cases.
 */

/** Answers every read of the change markers (records' and chunks') as it was the first time. */
export class FrozenChangeMarkers implements KyselyPlugin {
  readonly #queries = new WeakMap<object, string>();
  readonly #first = new Map<string, QueryResult<UnknownRow>>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(args.node);
    if (text.includes('change_markers') || text.includes('change_chunks'))
      this.#queries.set(args.queryId, text);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const key = this.#queries.get(args.queryId);
    if (key === undefined) return args.result;
    if (!this.#first.has(key)) this.#first.set(key, args.result);
    return this.#first.get(key)!;
  }
}

/** A metamodel cache that never asks whether the tenant's metamodel changed once it holds it. */
export class UnrevalidatedMetaCache extends TenantMetaCache {
  readonly #kept = new Map<number, TenantMeta>();

  override async get(db: Executor, tenantId: number, log?: WarningLog): Promise<TenantMeta> {
    const kept = this.#kept.get(tenantId);
    if (kept) return kept;
    const meta = await super.get(db, tenantId, log);
    this.#kept.set(tenantId, meta);
    return meta;
  }
}
