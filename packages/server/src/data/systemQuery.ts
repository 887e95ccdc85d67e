import { type CallerHandle, type Executor, unscoped } from './executor.js';

/**
 * Why a query may reach past the caller's tenant scope (decision 0058): before there is a caller
 * (sign-in, a public report's owner), across tenants (migrations, upkeep), to keep a write whole
 * (a record the caller may not read still has links to remove), to check rights, or to read the
 * tenant's settings record, which every caller's work needs whatever the rules; catalogue
 * records: the metamodel and its access rules, which every caller's rights are made of, and the
 * form definitions, field groups and document file types served to whoever may read the records
 * they describe. The runner's apps, pages and versions are shown under display rules, not read
 * rules (`display rules`, decision 0063). A signed-in caller reads their own user account, which
 * the rules may not let them read as a record (`own account`). A record that one the caller may
 * read names is shown as part of it: the users in its history, a template's Word document
 * (`named by a readable record`, decision 0129). Records whose ids a read through the caller's
 * scope has just chosen are read by id without asking the rule twice: a report page's rows and
 * the documents of its image cells (`already scoped`).
 */
export type UnscopedReason =
  | 'sign-in'
  | 'public report'
  | 'migration'
  | 'upkeep'
  | 'new tenant'
  | 'write integrity'
  | 'access check'
  | 'tenant settings'
  | 'catalogue'
  | 'display rules'
  | 'own account'
  | 'named by a readable record'
  | 'already scoped';

/**
 * The database handle without the tenant scope: the one named way past `tenantScope`, so every
 * such query says why and can be found with `grep -rn systemQuery(`.
 */
export function systemQuery(db: CallerHandle | Executor, reason: UnscopedReason): Executor {
  void reason;
  return unscoped(db);
}
