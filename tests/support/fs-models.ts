import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { searchFs } from '~/models/fs/search/search.server';
import { createMount, type MountRecord } from '~/models/mounts/mounts.server';
import { createStorageConfig, listStorageConfigs } from '~/models/storage/configs.server';
import { MemoryDriver } from '~/storage/drivers/memory.server';
import { ADMIN, keyPrincipal } from './principals';
import { tempModelContext } from './model-context';

export interface FsModels {
  ctx: ModelContext;
  /** The objects behind `/mem`: a storage config of its own whose driver is a memory driver. */
  memory: MemoryDriver;
  /** The folder behind `/disk`: the embedded local storage. */
  diskRoot: string;
  mounts: { mem: MountRecord; disk: MountRecord };
  close: () => Promise<void>;
}

/**
 * The fs models on a real temp model context (tests/support/model-context.ts) with two mounts on
 * two storage configs: `/mem` on a memory driver (an S3 config row whose driver this process swaps
 * for one in memory) and `/disk` on the embedded local storage, where the file system matters.
 */
export async function fsModels(): Promise<FsModels> {
  const temp = await tempModelContext();
  const { ctx } = temp;
  const memory = new MemoryDriver();
  const memoryConfig = await createStorageConfig(ctx, ADMIN, {
    name: 'memory',
    provider_type: 'Other',
    endpoint_url: 'http://127.0.0.1:9',
    bucket_name: 'memory',
    access_key_id: 'unused',
    secret_access_key: 'unused',
    is_public: true,
  });
  const driverFor = ctx.storage.driverFor.bind(ctx.storage);
  ctx.storage.driverFor = (config) => (config.id === memoryConfig.id ? memory : driverFor(config));
  const local = (await listStorageConfigs(ctx, ADMIN)).find((c) => c.storageType === 'local')!;
  const mount = (name: string, storage_config_id: string) =>
    createMount(ctx, ADMIN, { name, mount_path: `/${name}`, storage_config_id });
  const mounts = { mem: await mount('mem', memoryConfig.id), disk: await mount('disk', local.id) };
  return { ctx, memory, diskRoot: path.join(temp.dir, 'storage'), mounts, close: temp.close };
}

/** A key with these permission bits working under `basePath` (tests/support/principals.ts). */
export const keyWith = (permissions: number, basePath = '/'): Principal =>
  keyPrincipal(`key-${permissions}-${basePath}`, permissions, basePath);

/** Puts an object straight into a driver, behind the models' back. */
export async function putObject(driver: MemoryDriver, key: string, content: string | Buffer): Promise<void> {
  await driver.write(key, Readable.from([Buffer.from(content)]), {});
}

/** Writes a file straight onto the local storage, behind the models' back. */
export function putOnDisk(root: string, key: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
  fs.writeFileSync(path.join(root, key), content);
}

/**
 * What a model call came to: "allowed", or "kind:messageKey" of the AppError it threw, so one
 * expectation names both the answer and its reason.
 */
export function outcome(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'allowed',
    (e: { kind?: string; messageKey?: string }) => `${e.kind}:${e.messageKey}`,
  );
}

/** What a global search for `query` finds, as sorted virtual paths. */
export async function found(ctx: ModelContext, query: string, principal: Principal = ADMIN): Promise<string[]> {
  const answer = await searchFs(ctx, principal, { query, scope: 'global', limit: 200, offset: 0 });
  return answer.results.map((r) => r.path).sort();
}

/** The bytes of a stored object, or null. */
export async function readObject(driver: MemoryDriver, key: string): Promise<string | null> {
  if (!(await driver.stat(key))) return null;
  const { stream } = await driver.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
