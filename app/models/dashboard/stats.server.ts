import { getBackupSchedule, type BackupScheduleView } from '~/models/backup/schedule.server';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { DashboardTotals } from '~/lib/dashboard';
import type { ModelContext } from '~/models/context.server';
import { listStorageConfigs, type StorageConfigRecord } from '~/models/storage/configs.server';
import { cacheStats, type CacheFigures } from '~/models/fs/cache.server';
import { requestFigures } from '~/models/requests/totals.server';
import { BUNDLED } from '~/models/shares/records.server';

/** Days of activity the dashboard reads: this week and the week before it (docs/product/api.md §3.7). */
export const ACTIVITY_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StorageUsage extends StorageConfigRecord {
  /** Share records stored on the config, and their bytes (mount contents are not counted). */
  fileCount: number;
  usedBytes: number;
}

export interface DashboardStats {
  totals: DashboardTotals;
  storages: StorageUsage[];
  /** UTC calendar days, oldest first; the last one is today. */
  days: string[];
  pastesPerDay: number[];
  filesPerDay: number[];
  caches: CacheFigures;
  process: { memory: NodeJS.MemoryUsage; uptimeSeconds: number };
  /** The scheduled backups: the latest run's result and the next run (models/backup/schedule.server.ts). */
  backup: Pick<BackupScheduleView, 'last' | 'next'>;
  generatedAt: Date;
}

/** Midnight UTC of `now`'s day, minus `back` days. */
function utcDay(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - back * DAY_MS);
}

/**
 * Counts per UTC day of the last `ACTIVITY_DAYS` days, one indexed range count per day (portable:
 * no SQL date functions, which differ between SQLite and PostgreSQL).
 */
async function perDay(days: Date[], count: (from: Date, to: Date) => Promise<number>): Promise<number[]> {
  return Promise.all(days.map((from) => count(from, new Date(from.getTime() + DAY_MS))));
}

/** Everything the admin dashboard shows (docs/product/spec.md §2 "Admin dashboard"). Admins only. */
export async function dashboardStats(
  ctx: ModelContext,
  principal: Principal,
  now = new Date(),
): Promise<DashboardStats> {
  authorize(principal, 'admin.dashboard');
  const { db } = ctx;
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => utcDay(now, ACTIVITY_DAYS - 1 - i));
  const [pastes, fileShares, apiKeys, mounts, configs, usage, pastesPerDay, filesPerDay, requests] = await Promise.all([
    db.paste.count(),
    // A bundle's uploads are the bundle: one share, not one each (bundles.server.ts).
    db.fileShare.count({ where: { status: { not: BUNDLED } } }),
    db.apiKey.count(),
    db.mount.count(),
    listStorageConfigs(ctx, principal),
    // A bundle's size is its uploads', counted with them (bundles.server.ts).
    db.fileShare.groupBy({
      by: ['storageConfigId'],
      where: { kind: { not: 'bundle' } },
      _count: { _all: true },
      _sum: { size: true },
    }),
    perDay(days, (gte, lt) => db.paste.count({ where: { createdAt: { gte, lt } } })),
    perDay(days, (gte, lt) => db.fileShare.count({ where: { createdAt: { gte, lt } } })),
    requestFigures(ctx),
  ]);
  const byConfig = new Map(usage.map((u) => [u.storageConfigId, u]));
  const storages = configs.map((c) => ({
    ...c,
    fileCount: byConfig.get(c.id)?._count._all ?? 0,
    usedBytes: Number(byConfig.get(c.id)?._sum.size ?? 0),
  }));
  return {
    totals: {
      pastes,
      fileShares,
      apiKeys,
      storageConfigs: configs.length,
      mounts,
      storageUsedBytes: storages.reduce((sum, s) => sum + s.usedBytes, 0),
      ...requests,
    },
    storages,
    days: days.map((d) => d.toISOString().slice(0, 10)),
    pastesPerDay,
    filesPerDay,
    caches: await cacheStats(ctx, principal),
    backup: await getBackupSchedule(ctx, principal),
    process: { memory: process.memoryUsage(), uptimeSeconds: Math.round(process.uptime()) },
    generatedAt: now,
  };
}
