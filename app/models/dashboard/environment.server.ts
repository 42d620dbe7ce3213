import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { EnvironmentInfo } from '~/lib/dashboard';
import { APP_VERSION } from '~/lib/version';
import type { ModelContext } from '~/models/context.server';
import { listStorageConfigs } from '~/models/storage/configs.server';

/** The database this server runs on, as `/api/version` and the environment panel name it. */
export function databaseName(ctx: ModelContext): string {
  return ctx.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
}

/** What this server is, for the admin's environment switcher (docs/product/spec.md §2 "Global chrome"). */
export async function environmentInfo(ctx: ModelContext, principal: Principal): Promise<EnvironmentInfo> {
  authorize(principal, 'admin.dashboard');
  const configs = await listStorageConfigs(ctx, principal);
  const fallback = configs.find((c) => c.isDefault) ?? null;
  return {
    version: APP_VERSION,
    database: databaseName(ctx),
    defaultStorage: fallback && { name: fallback.name, type: fallback.storageType },
    publicUrl: ctx.config.publicUrl ?? null,
    nodeVersion: process.version,
  };
}
