import { ConfigError } from '../config.js';
import { DataDirLockedError } from '../db/openDatabase.js';
import { runTenantCommand } from './tenantCommand.js';

// The entry of `npm run tenant -- …` (root package.json).
runTenantCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError)
      console.error(
        `${error.message}\nWhile the server runs, create tenants with the operator API (PLINTH_OPERATOR_TOKEN).`,
      );
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
