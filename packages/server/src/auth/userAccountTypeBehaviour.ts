import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { userAccountsDeleting } from '../users/userAccountRules.js';
import { validateUserAccounts } from './validateUserAccounts.js';

/**
 * User accounts: no two of a tenant share a user name, ignoring case. Deleting one is refused for
 * oneself and for the last administrator, and passes what it owns to the deleting user (0045).
 */
export const userAccountTypeBehaviour: SystemTypeBehaviour = {
  name: 'user accounts',
  typeIds: [sysType.userAccount],
  validate: (ctx, records, refOf) =>
    validateUserAccounts(
      ctx,
      records.map((r) => r.row),
      refOf,
    ),
  onDelete: userAccountsDeleting,
};
