import { parseArgs } from 'node:util';
import { createTenantRequest } from '@plinth/schema';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/openDatabase.js';
import { AppError } from '../http/errors.js';
import { systemClock } from '../util/clock.js';
import { provisionTenant } from './provisionTenant.js';

const usage = `Usage: npm run tenant -- create <slug> --name "<name>" --admin <username> [--password <password>]
         [--time-zone <zone>] [--locale <locale>] [--financial-year-start <1-12>]

Creates a tenant with its first administrator in the database of DATA_DIR or DATABASE_URL.
Without --password one is generated and printed once.`;

/** `npm run tenant -- create …` (decision 0047): the operator's command, beside the operator API. */
export async function runTenantCommand(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals[0] !== 'create' || positionals.length !== 2 || !values.name || !values.admin) {
    console.error(usage);
    return 2;
  }
  const month = values['financial-year-start'];
  const request = createTenantRequest.safeParse({
    slug: positionals[1],
    name: values.name,
    admin: { username: values.admin, ...(values.password ? { password: values.password } : {}) },
    ...(values['time-zone'] || values.locale || month
      ? {
          settings: {
            ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}),
            ...(values.locale ? { locale: values.locale } : {}),
            ...(month ? { financialYearStartMonth: Number(month) } : {}),
          },
        }
      : {}),
  });
  if (!request.success) {
    for (const issue of request.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const created = await provisionTenant(database.db, systemClock, request.data);
    console.log(`Created tenant '${created.slug}' (id ${created.tenantId}).`);
    console.log(`Administrator: ${created.adminUsername}`);
    if (created.generatedPassword) console.log(`Password: ${created.generatedPassword}  (shown only now)`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      password: { type: 'string' },
      'time-zone': { type: 'string' },
      locale: { type: 'string' },
      'financial-year-start': { type: 'string' },
    },
  });
}
