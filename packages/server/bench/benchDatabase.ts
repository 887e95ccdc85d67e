import pg from 'pg';

/**
 * A new PostgreSQL database for one bench run, beside the one `BENCH_DATABASE_URL` (else
 * `TEST_DATABASE_URL`, else the local `test` database) names; `drop` removes it again, unless
 * `BENCH_KEEP_DATABASE` is set: the seeded database is then left to study (its name is logged).
 */
export async function createBenchDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    if (!process.env.BENCH_KEEP_DATABASE) return run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    console.log(`the bench's database ${name} is kept (BENCH_KEEP_DATABASE)`);
  };
  return { url: url.toString(), drop };
}
