import type { Pool } from 'pg';
import type { AppConfig } from '~/config.server';
import { loadMasterKey } from '~/auth/secrets.server';
import { ConcurrencyGate, FailureLimiter, parseLimit, type AttemptLimiter } from '~/auth/rate-limit.server';
import { SharedFailureLimiter } from '~/auth/shared-limiter.server';
import { openDatabase, type Db, type Dialect, type Sql } from '~/db/client.server';
import { StorageRegistry } from '~/storage/registry.server';
import { DirectoryCache } from '~/storage/vfs/dir-cache';
import type { SearchIndex } from '~/storage/vfs/search-index.server';
import { PostgresSearchIndex } from '~/storage/vfs/search-index-postgres.server';
import { SqliteSearchIndex } from '~/storage/vfs/search-index-sqlite.server';
import type { FsEntry } from '~/models/fs/types';
import type { SafeFetchOptions } from '~/net/safe-fetch.server';
import { createLogger, type Logger } from '~/log.server';
import { AuditWriter } from '~/models/audit/writer.server';
import { auditInserter } from '~/models/audit/insert.server';
import { ShareStatsRecorder } from '~/models/stats/recorder.server';
import { statsWriter } from '~/models/stats/stats-writer.server';
import {
  PasteViewTally,
  POSTGRES_SLICE,
  postgresViewWriter,
  sqliteViewWriter,
} from '~/models/stats/paste-views.server';

/** Network knobs a caller may tighten; tests inject `lookup` to play a rebinding DNS server. */
export type NetOverrides = Pick<SafeFetchOptions, 'lookup' | 'headersTimeoutMs' | 'totalTimeoutMs' | 'maxRedirects'>;

/**
 * What every model function gets as its first argument (docs/architecture.md, "Models"): the
 * database, the storage drivers, the limiters and the process configuration. Doors never reach
 * into it themselves; they pass it on.
 */
export interface ModelContext {
  config: AppConfig;
  db: Db;
  /** Which database `db` is (the few raw statements differ: app/db/dialect.ts). */
  dialect: Dialect;
  /** SQLite only: the plain better-sqlite3 connection for hot-path prepared statements (models only). */
  sql: Sql | null;
  /** PostgreSQL only: the pool under `db`, for the same hot-path statements as named statements (models only). */
  pg: Pool | null;
  /** Encrypts stored secrets (S3 keys, share passwords shown again, API keys). */
  masterKey: Buffer;
  /** Failed logins (form, API, Basic) per client address; shared by the replicas on PostgreSQL. */
  loginLimiter: AttemptLimiter;
  /** Failed share-password attempts per client address; shared by the replicas on PostgreSQL. */
  passwordLimiter: AttemptLimiter;
  /**
   * Server-side URL fetches for callers: per client address, and at most a few at once, per process
   * (a rate, not a password limit: N replicas allow N times as much).
   */
  urlFetches: { perAddress: FailureLimiter; atOnce: ConcurrencyGate };
  /** Storage drivers from storage configs; models reach them (`driverFor`), doors never do (docs/architecture.md §5). */
  storage: StorageRegistry;
  /** Directory listings of mounts, per mount TTL (models/fs). */
  dirCache: DirectoryCache<FsEntry[]>;
  /** The search index of mounted storage (models/fs, docs/architecture.md §9). */
  searchIndex: SearchIndex;
  /** The process's log (app/log.server.ts): models write warnings and failures of background work here. */
  log: Logger;
  /** The audit log's write queue (models/audit, decision 0033). */
  audit: AuditWriter;
  /** Per-share visit figures, counted in memory and written every few seconds (models/stats, decision 0035). */
  stats: ShareStatsRecorder;
  /** Views of pastes without a view limit, counted in memory and added to their rows every few seconds (decision 0041). */
  pasteViews: PasteViewTally;
  /** Server-side fetch overrides (tests only). */
  net?: NetOverrides;
}

/** Server-side URL fetches running at once, over all callers (each holds a socket and a stream). */
const URL_FETCHES_AT_ONCE = 8;

/** Opens the database (migrating it), the hot-path connection, the drivers and the limiters. */
export async function openModelContext(config: AppConfig, log: Logger = createLogger(config)): Promise<ModelContext> {
  const masterKey = loadMasterKey(config.appSecret, config.dataDir);
  const { db, dialect, sql, pg } = await openDatabase(config.database);
  const limiter = (scope: string, limit: { max: number; windowSeconds: number }): AttemptLimiter =>
    dialect === 'postgres'
      ? new SharedFailureLimiter(db, scope, limit.max, limit.windowSeconds * 1000)
      : new FailureLimiter(limit.max, limit.windowSeconds * 1000);
  const login = parseLimit(config.loginRateLimit);
  const password = parseLimit(config.passwordRateLimit, { max: 20, windowSeconds: 600 });
  const fetches = parseLimit(config.urlFetchRateLimit, { max: 60, windowSeconds: 60 });
  return {
    config,
    db,
    dialect,
    sql,
    pg,
    masterKey,
    loginLimiter: limiter('login', login),
    passwordLimiter: limiter('password', password),
    urlFetches: {
      perAddress: new FailureLimiter(fetches.max, fetches.windowSeconds * 1000),
      atOnce: new ConcurrencyGate(URL_FETCHES_AT_ONCE),
    },
    storage: new StorageRegistry(masterKey, config.dataDir, {
      requestMs: config.s3RequestTimeoutSeconds * 1000,
      idleMs: config.s3IdleTimeoutSeconds * 1000,
    }),
    dirCache: new DirectoryCache<FsEntry[]>(),
    searchIndex: sql ? new SqliteSearchIndex(sql) : new PostgresSearchIndex(db),
    log,
    audit: new AuditWriter(auditInserter(sql, pg), log),
    stats: new ShareStatsRecorder(statsWriter(sql, pg), log),
    pasteViews: sql
      ? new PasteViewTally(sqliteViewWriter(sql), log)
      : new PasteViewTally(postgresViewWriter(pg!), log, POSTGRES_SLICE),
  };
}

export async function closeModelContext(ctx: ModelContext): Promise<void> {
  await ctx.audit.close();
  await ctx.stats.close();
  await ctx.pasteViews.close();
  ctx.sql?.close();
  await ctx.db.$disconnect();
  await ctx.pg?.end(); // Prisma does not end a pool it was given
}
