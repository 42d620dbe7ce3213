import { createHmac } from 'node:crypto';
import { safeEqual } from '~/auth/tokens.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { getSetting } from '~/models/settings/settings.server';
import type { MountRecord } from '~/models/mounts/mounts.server';
import { parseVirtualPath } from '~/storage/vfs/path';
import { resolveMount } from '~/storage/vfs/resolve';
import { rootedDriver } from '~/storage/drivers/rooted.server';
import { storedFile } from './stored-file.server';

/**
 * The web proxy of mounts (docs/product/api.md §3.11): `/api/p/<virtual path>` streams a file of
 * an active mount that has `web_proxy`, to anyone holding the link. When the mount (or the global
 * `proxy_sign_all` setting) wants signatures, the link carries `sign=<HMAC>:<expiry>`.
 */
const DEFAULT_SIGN_SECONDS = 0;

function proxyKey(ctx: ModelContext): Buffer {
  // A key of its own, derived so that it never equals the master key.
  return createHmac('sha256', ctx.masterKey).update('cloudclip web proxy signatures').digest();
}

const signatureOf = (ctx: ModelContext, path: string, expires: number) =>
  createHmac('sha256', proxyKey(ctx)).update(`${path}:${expires}`).digest('base64');

async function signingPolicy(ctx: ModelContext, mount: MountRecord) {
  const all = (await getSetting(ctx, 'proxy_sign_all')) === 'true';
  const seconds = mount.signExpires ?? Number((await getSetting(ctx, 'proxy_sign_expires')) ?? DEFAULT_SIGN_SECONDS);
  return { required: all || mount.enableSign, seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 0 };
}

/** The `sign` value for a proxy link, or null when the mount needs none. */
export async function proxySignature(ctx: ModelContext, mount: MountRecord, path: string): Promise<string | null> {
  const policy = await signingPolicy(ctx, mount);
  if (!policy.required) return null;
  const expires = policy.seconds ? Math.floor(Date.now() / 1000) + policy.seconds : 0;
  return `${signatureOf(ctx, path, expires)}:${expires}`;
}

function signatureHolds(ctx: ModelContext, path: string, sign: string | undefined): boolean {
  const at = sign?.lastIndexOf(':') ?? -1;
  if (!sign || at < 0) return false;
  const expires = Number(sign.slice(at + 1));
  if (!Number.isInteger(expires) || (expires !== 0 && expires * 1000 < Date.now())) return false;
  return safeEqual(signatureOf(ctx, path, expires), sign.slice(0, at));
}

/** What /api/p/<path> streams; 404 unless an active web-proxy mount holds the file, 401 for a bad signature. */
export async function openProxiedFile(ctx: ModelContext, raw: string, sign: string | undefined) {
  const path = parseVirtualPath(raw);
  if (!path || path.isDirectory) throw new AppError('not_found', 'fsNotFound');
  const rows = await ctx.db.mount.findMany({
    where: { isActive: true, webProxy: true },
    include: { storageConfig: true },
  });
  const resolved = resolveMount(path.path, rows);
  if (!resolved || resolved.key === '' || !resolved.mount.storageConfig) throw new AppError('not_found', 'fsNotFound');
  const mount = { ...resolved.mount, isPublic: true };
  if ((await signingPolicy(ctx, mount)).required && !signatureHolds(ctx, path.path, sign))
    throw new AppError('unauthenticated', 'proxySignatureInvalid');
  const driver = rootedDriver(ctx.storage.driverFor(resolved.mount.storageConfig), resolved.mount.rootFolder);
  return storedFile(driver, resolved.key, path.segments.at(-1)!);
}
