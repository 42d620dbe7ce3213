import { APP_NAME, APP_VERSION } from '~/lib/version';
import type { readiness } from '~/models/system/readiness.server';

/** The system endpoints' answers (docs/product/api.md §3.7; readiness in docs/deploy.md, "Health checks"). */

/** GET /health: a bare object, no envelope. */
export const presentHealth = () => ({ status: 'ok', timestamp: new Date().toISOString() });

export const presentReadiness = (state: Awaited<ReturnType<typeof readiness>>) => ({
  status: state.ready ? 'ok' : 'unavailable',
  timestamp: new Date().toISOString(),
  database: state.database,
  storage: state.storage,
});

export const presentVersion = (storage: string, startedAt: number) => ({
  version: APP_VERSION,
  name: APP_NAME,
  environment: 'Docker',
  storage,
  nodeVersion: process.version,
  uptime: Math.round((Date.now() - startedAt) / 1000),
});

/** The upload limit in MB; 100 when the setting holds no positive number. */
export const presentMaxUploadSize = (value: number) => ({
  max_upload_size: Number.isFinite(value) && value > 0 ? value : 100,
});
