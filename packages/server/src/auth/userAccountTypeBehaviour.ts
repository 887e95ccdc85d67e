import { sysType } from '@plinth/schema';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { validateUserAccounts } from './validateUserAccounts.js';

/** User accounts: no two of a tenant share a user name, ignoring case. */
export const userAccountTypeBehaviour: SystemTypeBehaviour = {
  name: 'user accounts',
  typeIds: [sysType.userAccount],
  validate: (ctx, records, refOf) =>
    validateUserAccounts(
      ctx,
      records.map((r) => r.row),
      refOf,
    ),
};
