import { KeyedConcurrencyGate } from './auth/rate-limit.server';
import type { AppConfig } from './config.server';
import { exclusivelyAtStart } from './db/startup-lock.server';
import { startCheckpointer, type Checkpointer } from './db/checkpointer.server';
import { closeModelContext, openModelContext, type ModelContext } from './models/context.server';
import { ensureFirstAdmin } from '~/models/accounts/admins.server';
import { seedDefaultSettings } from '~/models/settings/settings.server';
import { startSweeper } from './models/sweeper.server';
import { startIndexer } from './models/fs/search/indexer.server';
import { startTaskWorker } from './models/tasks/worker.server';
import { ensureDefaultStorage } from '~/models/storage/configs.server';
import { createLogger, useProcessLog, type Logger } from './log.server';
import { wireModels } from '~/models/wiring.server';

/** Process-wide services, created once at start-up and shared by every door. */
export interface Services extends ModelContext {
  /** Periodic clean-up of expired shares; stopped on shutdown. */
  sweeper: { stop: () => void };
  /** Periodic rescans of the mounts for the search index; stopped on shutdown. */
  indexer: { stop: () => void };
  /** Runs copy and move tasks (docs/architecture.md §10); stopped on shutdown before the database closes. */
  taskWorker: { stop: () => Promise<void> };
  /** SQLite: WAL checkpoints on a worker thread (db/checkpointer.server.ts); stopped before the database closes. */
  checkpointer: Checkpointer | null;
  startedAt: number;
  /**
   * Downloads streaming through the app, per client address: a slow or hostile client holding
   * many streams open cannot starve everyone else (the /api door answers 429 past the limit).
   */
  downloadStreams: KeyedConcurrencyGate;
}

// Kept on globalThis so that Vite's dev module reloads reuse the same database connection.
const holder = globalThis as typeof globalThis & { __cloudclipServices?: Promise<Services> };

export function initServices(config: AppConfig, log: Logger = createLogger(config)): Promise<Services> {
  holder.__cloudclipServices ??= (async () => {
    useProcessLog(log);
    const ctx = await openModelContext(config, log);
    wireModels();
    const first = await exclusivelyAtStart(config.database, async () => {
      await seedDefaultSettings(ctx);
      await ensureDefaultStorage(ctx);
      return ensureFirstAdmin(ctx, { username: config.adminUsername, password: config.adminPassword });
    });
    if (first.created && first.generatedPassword) {
      // The one time a secret is logged: the admin needs it to get in, and it is never shown again.
      log.warn(
        { username: first.username, password: first.generatedPassword },
        'First start: created the admin account. This password is shown only once: change it under Admin → Account',
      );
    } else if (first.created) {
      log.info(
        { username: first.username },
        'First start: created the admin account from ADMIN_USERNAME/ADMIN_PASSWORD',
      );
    }
    return {
      ...ctx,
      sweeper: startSweeper(ctx),
      indexer: startIndexer(ctx),
      taskWorker: startTaskWorker(ctx),
      checkpointer:
        config.database.dialect === 'sqlite' && ctx.sql
          ? await startCheckpointer(config.database.file, ctx.sql, ctx.db, log)
          : null,
      startedAt: Date.now(),
      downloadStreams: new KeyedConcurrencyGate(config.downloadStreamLimit),
    };
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
  services.indexer.stop();
  await services.taskWorker.stop();
  await services.checkpointer?.stop();
  await closeModelContext(services);
}
