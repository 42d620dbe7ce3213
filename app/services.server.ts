import type { AppConfig } from './config.server';
import { openDatabase, openHotPathDatabase, type Db, type Sql } from './db/client.server';
import { loadMasterKey } from './auth/secrets.server';
import { FailureLimiter, parseLimit } from './auth/rate-limit.server';
import { ensureFirstAdmin } from './models/admins.server';
import { seedDefaultSettings } from './models/settings.server';
import { startSweeper } from './models/sweeper.server';
import { ensureDefaultStorage } from './models/storage-configs.server';
import { StorageRegistry } from './storage/registry.server';

/** Process-wide services, created once at start-up and shared by every door. */
export interface Services {
  config: AppConfig;
  db: Db;
  /** Plain better-sqlite3 connection for hot-path prepared statements (models only). */
  sql: Sql;
  masterKey: Buffer;
  /** Failed logins (form, API, Basic) per client address. */
  loginLimiter: FailureLimiter;
  /** Failed share-password attempts per client address. */
  passwordLimiter: FailureLimiter;
  /** Storage drivers from storage configs. */
  storage: StorageRegistry;
  /** Periodic clean-up of expired shares; stopped on shutdown. */
  sweeper: { stop: () => void };
  startedAt: number;
}

// Kept on globalThis so that Vite's dev module reloads reuse the same database connection.
const holder = globalThis as typeof globalThis & { __cloudclipServices?: Promise<Services> };

export function initServices(config: AppConfig, log: (line: string) => void = console.log): Promise<Services> {
  holder.__cloudclipServices ??= (async () => {
    const masterKey = loadMasterKey(config.appSecret, config.dataDir);
    const db = await openDatabase(config.databaseFile);
    const sql = openHotPathDatabase(config.databaseFile);
    await seedDefaultSettings(db);
    await ensureDefaultStorage(db);
    const storage = new StorageRegistry(masterKey, config.dataDir);
    const first = await ensureFirstAdmin(db, { username: config.adminUsername, password: config.adminPassword });
    if (first.created && first.generatedPassword) {
      log(
        [
          '',
          '  First start: created the admin account.',
          `    username: ${first.username}`,
          `    password: ${first.generatedPassword}`,
          '  This password is shown only once. Change it under Admin → Account.',
          '',
        ].join('\n'),
      );
    } else if (first.created) {
      log(`  First start: created the admin account "${first.username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
    }
    const limit = parseLimit(config.loginRateLimit);
    const loginLimiter = new FailureLimiter(limit.max, limit.windowSeconds * 1000);
    const passwordLimit = parseLimit(config.passwordRateLimit, { max: 20, windowSeconds: 600 });
    const passwordLimiter = new FailureLimiter(passwordLimit.max, passwordLimit.windowSeconds * 1000);
    const sweeper = startSweeper({ db, storage });
    return { config, db, sql, masterKey, loginLimiter, passwordLimiter, storage, sweeper, startedAt: Date.now() };
  })();
  return holder.__cloudclipServices;
}

export function getServices(): Promise<Services> {
  if (!holder.__cloudclipServices) throw new Error('Services are not initialised yet');
  return holder.__cloudclipServices;
}

export async function closeServices(): Promise<void> {
  const pending = holder.__cloudclipServices;
  holder.__cloudclipServices = undefined;
  if (!pending) return;
  const services = await pending;
  services.sweeper.stop();
  services.sql.close();
  await services.db.$disconnect();
}
