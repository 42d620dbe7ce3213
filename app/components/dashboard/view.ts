import type { StorageType } from '~/lib/storage-kinds';
import type { DashboardTotals } from '~/lib/dashboard';
import type { LastRunView } from '~/components/backups/types';

/** What the dashboard page shows, as the loader sends it (dates as ISO strings). */
export interface DashboardView {
  totals: DashboardTotals;
  storages: {
    id: string;
    name: string;
    storageType: StorageType;
    isDefault: boolean;
    fileCount: number;
    usedBytes: number;
    capacityBytes: number | null;
  }[];
  /** Fourteen UTC days, oldest first: the week before, then this week. */
  days: string[];
  pastesPerDay: number[];
  filesPerDay: number[];
  caches: {
    directory: { size: number; hits: number; misses: number };
    searchIndexEntries: number;
  };
  process: { rss: number; heapUsed: number; heapTotal: number; uptimeSeconds: number };
  backup: { last: LastRunView | null; next: string | null };
  generatedAt: string;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** This week's total, the week before's, and the change in whole percent (null when there was nothing before). */
export function weekOverWeek(perDay: number[]): { current: number; previous: number; change: number | null } {
  const current = sum(perDay.slice(-7));
  const previous = sum(perDay.slice(-14, -7));
  return { current, previous, change: previous > 0 ? Math.round(((current - previous) / previous) * 100) : null };
}

/** Whole days, hours and minutes of an uptime, for the duration keys. */
export function durationParts(seconds: number): { key: 'days' | 'hours' | 'minutes'; d: number; h: number; m: number } {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return { key: d > 0 ? 'days' : h > 0 ? 'hours' : 'minutes', d, h, m };
}
