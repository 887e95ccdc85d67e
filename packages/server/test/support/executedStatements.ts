import type { CompiledQuery, KyselyPlugin, QueryId } from 'kysely';
import type { Db } from '../../src/db/tables.js';

/** A handle on the same database that keeps every statement it executes (not those only compiled). */
export function executed(db: Db): { db: Db; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const compiled = new Map<QueryId, CompiledQuery>();
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      compiled.set(args.queryId, executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      const q = compiled.get(args.queryId);
      if (q) statements.push(q);
      compiled.delete(args.queryId);
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements };
}
