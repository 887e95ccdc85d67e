import path from 'node:path';

/**
 * The SMTP server notifications are emailed through (PLINTH_SMTP_URL, PLINTH_SMTP_FROM): the
 * connection URL, its password included, and the sender's address. Never logged.
 */
export interface SmtpSettings {
  /** `smtp://user:password@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS). */
  url: string;
  /** The From of every email, e.g. `Plinth <plinth@example.com>`. */
  from: string;
}

/** Settings read from the environment once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded SQLite database in dataDir. */
  databaseUrl?: string;
  adminPassword?: string;
  logLevel: string;
  /** Creates the demo tenant on first start of an empty database. */
  seedDemo: boolean;
  /** Number of generated demo records per big type. */
  demoRecords: number;
  /** An OpenAI-compatible chat completions endpoint for AI Generate (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel?: string;
  /** Marks cookies Secure: set when Plinth is served over HTTPS (PLINTH_SECURE_COOKIES=true). */
  secureCookies: boolean;
  /** Trusts X-Forwarded-* from a reverse proxy, so rate limits see the real address (TRUST_PROXY=true). */
  trustProxy: boolean;
  /** The folder of the file blob store (PLINTH_FILES_DIR, default `<dataDir>/files`). */
  filesDir: string;
  /** The largest file an upload accepts, in bytes (PLINTH_MAX_UPLOAD_MB, default 25 MB). */
  maxUploadBytes: number;
  /** Anonymous calls to public reports one address may make per window (PLINTH_PUBLIC_RATE_PER_ADDRESS, default 120). */
  publicRatePerAddress: number;
  /** Anonymous calls to one public report from all addresses per window (PLINTH_PUBLIC_RATE_PER_REPORT, default 1200). */
  publicRatePerReport: number;
  /** The window of those limits in seconds (PLINTH_PUBLIC_RATE_WINDOW_SECONDS, default 60). */
  publicRateWindowSeconds: number;
  /** Anonymous public calls worked on at once; more are refused (PLINTH_PUBLIC_CONCURRENCY, default 2). */
  publicConcurrency: number;
  /** The share of the server's time anonymous public calls may take (PLINTH_PUBLIC_TIME_PERCENT, default 10). */
  publicTimeShare: number;
  /** The longest a database statement of a request may run, in ms (PLINTH_STATEMENT_TIMEOUT_MS, default 10000; 0 is no limit). */
  statementTimeoutMs: number;
  /** The operator's token for the operator API (PLINTH_OPERATOR_TOKEN); unset: the API is off. */
  operatorToken?: string;
  /** Server processes sharing the port (PLINTH_WORKERS, default 1); above 1 needs DATABASE_URL (decision 0052). */
  workers: number;
  /** Where notification emails go out (PLINTH_SMTP_URL, PLINTH_SMTP_FROM); unset: no email (decision 0128). */
  smtp?: SmtpSettings;
  /**
   * How long a background job (a workflow run) is held without a heartbeat before another process,
   * or this one restarted, takes it again (PLINTH_JOB_LEASE_MS, default 60000; decision 0127).
   */
  jobLeaseMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Digits only: Number() would also take ' ', '1e3' and '0x50'.
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : wholeNumber(env.PORT);
  if (port === undefined || port > 65535)
    throw new ConfigError(`PORT must be a port number, not '${env.PORT}'.`);
  const demoRecords = env.PLINTH_DEMO_RECORDS ? wholeNumber(env.PLINTH_DEMO_RECORDS) : 3000;
  if (demoRecords === undefined) throw new ConfigError('PLINTH_DEMO_RECORDS must be a whole number.');
  const maxUploadMb = env.PLINTH_MAX_UPLOAD_MB ? wholeNumber(env.PLINTH_MAX_UPLOAD_MB) : 25;
  if (maxUploadMb === undefined || maxUploadMb < 1 || maxUploadMb > 10_240)
    throw new ConfigError('PLINTH_MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 10240.');
  const publicRatePerAddress = setting(env, 'PLINTH_PUBLIC_RATE_PER_ADDRESS', 120, 1, 1_000_000);
  const publicRatePerReport = setting(env, 'PLINTH_PUBLIC_RATE_PER_REPORT', 1200, 1, 10_000_000);
  const publicRateWindowSeconds = setting(env, 'PLINTH_PUBLIC_RATE_WINDOW_SECONDS', 60, 1, 86_400);
  const publicConcurrency = setting(env, 'PLINTH_PUBLIC_CONCURRENCY', 2, 1, 1000);
  const publicTimeShare = setting(env, 'PLINTH_PUBLIC_TIME_PERCENT', 10, 1, 100) / 100;
  const statementTimeoutMs = setting(env, 'PLINTH_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000);
  const workers = setting(env, 'PLINTH_WORKERS', 1, 1, 64);
  const jobLeaseMs = setting(env, 'PLINTH_JOB_LEASE_MS', 60_000, 1000, 3_600_000);
  if (workers > 1 && !env.DATABASE_URL)
    throw new ConfigError(
      'PLINTH_WORKERS above 1 needs DATABASE_URL: the embedded SQLite database in DATA_DIR is held by one process (decision 0006).',
    );
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const operatorToken = env.PLINTH_OPERATOR_TOKEN || undefined;
  if (operatorToken !== undefined && operatorToken.length < 24)
    throw new ConfigError('PLINTH_OPERATOR_TOKEN must be at least 24 characters long.');
  const smtp = smtpSettings(env);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.PLINTH_ADMIN_PASSWORD ? { adminPassword: env.PLINTH_ADMIN_PASSWORD } : {}),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.PLINTH_DEMO !== 'false',
    demoRecords,
    ...(env.AI_BASE_URL ? { aiBaseUrl: env.AI_BASE_URL } : {}),
    ...(env.AI_API_KEY ? { aiApiKey: env.AI_API_KEY } : {}),
    ...(env.AI_MODEL ? { aiModel: env.AI_MODEL } : {}),
    secureCookies: env.PLINTH_SECURE_COOKIES === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    filesDir: env.PLINTH_FILES_DIR ? path.resolve(env.PLINTH_FILES_DIR) : path.join(dataDir, 'files'),
    maxUploadBytes: maxUploadMb * 1_048_576,
    publicRatePerAddress,
    publicRatePerReport,
    publicRateWindowSeconds,
    publicConcurrency,
    publicTimeShare,
    statementTimeoutMs,
    ...(operatorToken ? { operatorToken } : {}),
    workers,
    ...(smtp ? { smtp } : {}),
    jobLeaseMs,
  };
}

/**
 * The SMTP settings, or undefined when PLINTH_SMTP_URL is unset (email off). A message never
 * repeats the URL: it may hold a password.
 */
function smtpSettings(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  const text = env.PLINTH_SMTP_URL;
  if (text === undefined || text === '') return undefined;
  const example = 'such as smtp://user:password@mail.example.com:587, or smtps://… for TLS';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`PLINTH_SMTP_URL must be a URL ${example}.`);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '')
    throw new ConfigError(`PLINTH_SMTP_URL must be an smtp:// or smtps:// URL with a host, ${example}.`);
  const from = env.PLINTH_SMTP_FROM?.trim() ?? '';
  if (!/[^\s@<>]+@[^\s@<>]+/.test(from))
    throw new ConfigError(
      'PLINTH_SMTP_FROM must be set with PLINTH_SMTP_URL: the address emails are sent from, such as "Plinth <plinth@example.com>".',
    );
  return { url: text, from };
}

/** A whole-number setting from `min` to `max`, or its default when unset. */
function setting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = wholeNumber(text);
  if (value === undefined || value < min || value > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not '${text}'.`);
  return value;
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}
