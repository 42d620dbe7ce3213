import path from 'node:path';

/** DATABASE_URL: `postgres://…` selects PostgreSQL; a file path (or `file:…`) or nothing, SQLite. */
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** Process configuration, read once from the environment (docs/architecture.md §6). */
export interface AppConfig {
  port: number;
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
  isProduction: boolean;
  /**
   * The app's own address once it listens (server.ts sets it; PORT may be 0). Requests the app makes
   * to itself (the local storage test's signed URLs) go here, never to a host named by a request.
   */
  selfUrl?: string;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const n = Number(value);
  return Number.isInteger(n) ? n : value;
}

function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value || fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || '';
  const database: DatabaseConfig = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? { dialect: 'postgres', url: databaseUrl }
    : {
        dialect: 'sqlite',
        file: databaseUrl ? path.resolve(databaseUrl.replace(/^file:/, '')) : path.join(dataDir, 'cloudclip.db'),
      };
  const port = Number(env.PORT || 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: invalid port "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    database,
    appSecret: env.APP_SECRET || undefined,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginRateLimit: env.LOGIN_RATE_LIMIT || undefined,
    passwordRateLimit: env.PASSWORD_RATE_LIMIT || undefined,
    urlFetchRateLimit: env.URL_FETCH_RATE_LIMIT || undefined,
    downloadStreamLimit: Math.max(1, Number(env.DOWNLOAD_STREAM_LIMIT) || 32),
    shutdownGraceSeconds: seconds(env.SHUTDOWN_GRACE_SECONDS, 30),
    copyBytesPerSecond: seconds(env.COPY_BYTES_PER_SECOND, 0),
    isProduction: env.NODE_ENV === 'production',
  };
}
