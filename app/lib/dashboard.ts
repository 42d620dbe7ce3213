import type { StorageType } from '~/lib/storage-kinds';
/** The dashboard's totals (docs/architecture.md §11): the model counts them, the page shows them as they are. */
export interface DashboardTotals {
  pastes: number;
  fileShares: number;
  apiKeys: number;
  storageConfigs: number;
  mounts: number;
  storageUsedBytes: number;
  /** Upload requests still taking files, and files that came through them since their creator looked. */
  openRequests: number;
  newArrivals: number;
}

/** What this server is, for the admin's environment switcher (docs/product/spec.md §2 "Global chrome"). */
export interface EnvironmentInfo {
  version: string;
  database: string;
  defaultStorage: { name: string; type: StorageType } | null;
  /** The configured public address, or null when links follow the request. */
  publicUrl: string | null;
  nodeVersion: string;
}
