import path from 'node:path';
import { z } from 'zod';

/** DATABASE_URL: `postgres://…` selects PostgreSQL; a file path (or `file:…`) or nothing, SQLite. */
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** Process configuration, read once from the environment (docs/architecture.md §6). */
export interface AppConfig {
  port: number;
  /** The S3 door's own port on the same HOST (docs/s3.md, decision 0040); 0 turns the door off. */
  s3Port: number;
  host: string;
  dataDir: string;
  /** Where the data lives: a SQLite file (the default, in DATA_DIR) or a PostgreSQL server. */
  database: DatabaseConfig;
  appSecret: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  trustProxy: boolean | number | string;
  /** "failures/seconds" per client address for logins; default 10/900. */
  loginRateLimit: string | undefined;
  /** "failures/seconds" per client address for share passwords; default 20/600. */
  passwordRateLimit: string | undefined;
  /** "requests/seconds" per client address for server-side URL fetches (url/info, url/proxy); default 60/60. */
  urlFetchRateLimit: string | undefined;
  /** Downloads streaming through the app to one client address at once; default 32. */
  downloadStreamLimit: number;
  /** How long a shutdown waits for requests in flight (downloads, uploads) before cutting them; default 30. */
  shutdownGraceSeconds: number;
  /**
   * Bytes per second one file copied between two storages may stream at (copy tasks, WebDAV COPY and
   * MOVE across storages); 0, the default, is unlimited. Keeps a big copy from taking a shared uplink.
   */
  copyBytesPerSecond: number;
  /** LOG_LEVEL: the least severe log lines written; default info. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** BACKUP_PASSPHRASE: seals and opens the secret key in the backup and restore commands (decision 0032). */
  backupPassphrase: string | undefined;
  /** How long a running task may go unwritten before another server takes it up (its own stopped). */
  taskTakeoverSeconds: number;
  /** How long one S3 call waits for its answer, and for a body that stopped flowing. */
  s3RequestTimeoutSeconds: number;
  s3IdleTimeoutSeconds: number;
  /** FFMPEG_PATH: the ffmpeg that draws video posters and audio covers; none runs, a type icon shows. */
  ffmpegPath: string;
  isProduction: boolean;
  /**
   * The app's own address once it listens (server.ts sets it; PORT may be 0). Requests the app makes
   * to itself (the local storage test's signed URLs) go here, never to a host named by a request.
   */
  selfUrl?: string;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  const n = Number(value);
  return Number.isInteger(n) ? n : value;
}

/** A variable set to nothing counts as not set (`PORT=` in a compose file). */
const unset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const number = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);
const limit = optional(z.string().regex(/^\d+\/\d+$/, 'a count and a window in seconds, like 10/900'));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every variable the app reads (README "Configuration", .env.example), checked at once: a start
 * with a mistake stops with every mistake named, instead of running on a fallback nobody chose.
 */
const environment = z.object({
  PORT: z.preprocess(unset, number('a port number from 0 to 65535', 0, 65535).default(8787)),
  S3_PORT: z.preprocess(unset, number('a port number from 0 (off) to 65535', 0, 65535).default(8788)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  APP_SECRET: optional(z.string()),
  ADMIN_USERNAME: optional(z.string()),
  ADMIN_PASSWORD: optional(z.string()),
  PUBLIC_URL: optional(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+/i, 'an absolute http(s) address, like https://paste.example.com')
      .transform((url) => url.replace(/\/+$/, '')),
  ),
  TRUST_PROXY: optional(z.string()),
  LOGIN_RATE_LIMIT: limit,
  PASSWORD_RATE_LIMIT: limit,
  URL_FETCH_RATE_LIMIT: limit,
  DOWNLOAD_STREAM_LIMIT: z.preprocess(unset, number('a whole number of at least 1', 1).default(32)),
  SHUTDOWN_GRACE_SECONDS: z.preprocess(unset, number('a whole number of seconds', 0).default(30)),
  COPY_BYTES_PER_SECOND: z.preprocess(unset, number('a whole number of bytes per second (0: unlimited)', 0).default(0)),
  LOG_LEVEL: z.preprocess(unset, z.enum(LOG_LEVELS, { message: LOG_LEVELS.join(', ') }).default('info')),
  BACKUP_PASSPHRASE: optional(z.string()),
  TASK_TAKEOVER_SECONDS: z.preprocess(unset, number('a whole number of seconds, at least 3', 3).default(15)),
  S3_REQUEST_TIMEOUT_SECONDS: z.preprocess(unset, number('a whole number of seconds, at least 1', 1).default(12)),
  S3_IDLE_TIMEOUT_SECONDS: z.preprocess(unset, number('a whole number of seconds, at least 1', 1).default(30)),
  FFMPEG_PATH: z.preprocess(unset, z.string().default('ffmpeg')),
  NODE_ENV: optional(z.string()),
});

/** The names of every variable the app reads (.env.example and the README list each: app/config.test.ts). */
export const ENVIRONMENT_VARIABLES = Object.keys(environment.shape);

/** The environment's mistakes, one line each, naming the variable, what it takes and what it holds. */
export class ConfigError extends Error {
  constructor(issues: z.core.$ZodIssue[], env: NodeJS.ProcessEnv) {
    const lines = issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}: ${issue.message} (it is "${env[name]}")`;
    });
    super(
      `Cloudclip cannot start: the configuration has ${lines.length === 1 ? 'a mistake' : 'mistakes'}:\n${lines.join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues, env);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const databaseUrl = e.DATABASE_URL ?? '';
  const database: DatabaseConfig = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? { dialect: 'postgres', url: databaseUrl }
    : {
        dialect: 'sqlite',
        file: databaseUrl ? path.resolve(databaseUrl.replace(/^file:/, '')) : path.join(dataDir, 'cloudclip.db'),
      };
  return {
    port: e.PORT,
    s3Port: e.S3_PORT,
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    database,
    appSecret: e.APP_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    passwordRateLimit: e.PASSWORD_RATE_LIMIT,
    urlFetchRateLimit: e.URL_FETCH_RATE_LIMIT,
    downloadStreamLimit: e.DOWNLOAD_STREAM_LIMIT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    copyBytesPerSecond: e.COPY_BYTES_PER_SECOND,
    logLevel: e.LOG_LEVEL,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    taskTakeoverSeconds: e.TASK_TAKEOVER_SECONDS,
    s3RequestTimeoutSeconds: e.S3_REQUEST_TIMEOUT_SECONDS,
    s3IdleTimeoutSeconds: e.S3_IDLE_TIMEOUT_SECONDS,
    ffmpegPath: e.FFMPEG_PATH,
    isProduction: e.NODE_ENV === 'production',
  };
}
