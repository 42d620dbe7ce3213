import type { DashboardStats } from '~/models/dashboard/stats.server';
import { presentStorageConfig } from './storage-configs';

/** The last seven UTC days of a series, oldest first (index 6 is today). */
const lastWeek = <T>(series: T[]) => series.slice(-7);

/**
 * `GET /admin/dashboard/stats` as docs/product/api.md §3.7 has it (the v0.7.3 dashboard reads
 * `s3Buckets[].usagePercent`, `usedStorage`, `totalStorage`, `fileCount`; a capacity that is not
 * set is 0 there, and its percentage 0). `totalMounts`, `days`, `openUploadRequests` and `newUploads` are ours.
 */
export function presentDashboard(stats: DashboardStats) {
  return {
    totalPastes: stats.totals.pastes,
    totalFiles: stats.totals.fileShares,
    totalApiKeys: stats.totals.apiKeys,
    totalS3Configs: stats.totals.storageConfigs,
    totalMounts: stats.totals.mounts,
    totalStorageUsed: stats.totals.storageUsedBytes,
    openUploadRequests: stats.totals.openRequests,
    newUploads: stats.totals.newArrivals,
    s3Buckets: stats.storages.map((s) => {
      const capacity = s.totalStorageBytes ?? 0;
      return {
        ...presentStorageConfig(s),
        usage: { file_count: s.fileCount, total_size: s.usedBytes },
        usedStorage: s.usedBytes,
        totalStorage: capacity,
        fileCount: s.fileCount,
        usagePercent: capacity > 0 ? Math.min(100, Math.round((s.usedBytes / capacity) * 100)) : 0,
        providerType: s.providerType,
      };
    }),
    lastWeekPastes: lastWeek(stats.pastesPerDay),
    lastWeekFiles: lastWeek(stats.filesPerDay),
    days: lastWeek(stats.days),
  };
}
