import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '~/config.server';
import { seedDefaultSettings } from '~/models/settings/settings.server';
import { ensureDefaultStorage } from '~/models/storage/configs.server';
import { closeModelContext, openModelContext, type ModelContext } from '~/models/context.server';
import { wireModels } from '~/models/wiring.server';

export interface TempContext {
  ctx: ModelContext;
  /** The temp DATA_DIR: database, local storage, thumbnails. */
  dir: string;
  close: () => Promise<void>;
}

/**
 * A real ModelContext on a fresh temp folder, as a first start leaves it: a migrated SQLite file
 * with the default settings and the embedded local storage, real drivers, real limiters.
 * Model unit tests call model functions on it directly, without a server in between.
 */
export async function tempModelContext(env: Record<string, string> = {}): Promise<TempContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-model-'));
  const ctx = await openModelContext(loadConfig({ DATA_DIR: dir, APP_SECRET: 'test-secret-0123456789', ...env }));
  wireModels();
  // What a first start does: default settings and the embedded local storage.
  await seedDefaultSettings(ctx);
  await ensureDefaultStorage(ctx);
  return {
    ctx,
    dir,
    close: async () => {
      await closeModelContext(ctx);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
