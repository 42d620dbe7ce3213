import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import type { ModelContext } from '~/models/context.server';
import { uploadToFolder } from '~/models/fs/write.server';
import { locate } from '~/models/fs/locate.server';
import { signGrant } from '~/models/grants.server';
import { checkQuota } from '~/models/quotas/quotas.server';
import { admitSender, bytesFull, bytesLeft, grantable, perFileLimit } from '~/models/requests/admit.server';
import { receiveFile } from '~/models/requests/receive.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';

/**
 * tus uploads (issue 45, docs/tus.md, decision 0040): the bytes of an unfinished upload wait in
 * DATA_DIR/tus (the tus project's FileStore: a restart keeps them, and the upload resumes from the
 * last byte stored); the finished file goes, as one stream, to the model function its target names —
 * a mount folder, a new file share, or an upload request — which applies every rule. The target is
 * checked when the upload is created, so a refused one is refused before a byte is sent.
 */

/** Abandoned uploads go after a day (the tus "expiration" extension announces it). */
export const TUS_LIFETIME_MS = 24 * 3600 * 1000;

/** The staging store of a data folder (one per process). */
const stores = new Map<string, FileStore>();
export function tusStore(ctx: ModelContext): FileStore {
  const directory = path.join(ctx.config.dataDir, 'tus');
  let store = stores.get(directory);
  if (!store) {
    fs.mkdirSync(directory, { recursive: true });
    store = new FileStore({ directory, expirationPeriodInMilliseconds: TUS_LIFETIME_MS });
    // Every upload declares its length: quotas and limits are checked before the first byte.
    store.extensions = store.extensions.filter((name) => name !== 'creation-defer-length');
    stores.set(directory, store);
  }
  return store;
}

export type TusMetadata = Record<string, string | null | undefined>;
const text = (value: string | null | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Who made an upload: a key or an admin, or nobody (an upload request's visitor). */
const ownerOf = (principal: Principal) => creatorId(principal) ?? 'anonymous';

/**
 * POST: where the upload goes and whether it may, for a file of `size` bytes. Answers the metadata
 * kept with the upload (a password is traded for a grant; nothing secret is kept).
 */
export async function admitTusUpload(
  ctx: ModelContext,
  principal: Principal,
  meta: TusMetadata,
  size: number,
  address: string,
): Promise<Record<string, string>> {
  const filename = text(meta.filename) ?? text(meta.name);
  if (!filename || /[\\/]/.test(filename)) throw new AppError('invalid', 'filenameInvalid');
  const max = await maxUploadBytes(ctx);
  if (size > max) throw tooLarge(max);
  const kept = { filename, owner: ownerOf(principal) };
  const folder = text(meta.path);
  if (folder) {
    // A folder may be written with one trailing "/"; the file is then named in it, as the explorer names it.
    await locate(ctx, principal, `${folder.replace(/\/$/, '')}/${filename}`, 'fs.upload', { writable: true });
    await checkQuota(ctx, principal, { bytes: size });
    return { ...kept, target: 'folder', path: folder };
  }
  const slug = text(meta.request);
  if (slug) {
    const row = await admitSender(ctx, slug, { password: text(meta.password) ?? null, address });
    const perFile = await perFileLimit(ctx, row);
    if (size > perFile) throw tooLarge(perFile);
    const left = await bytesLeft(ctx, row);
    if (size > left) throw bytesFull(Math.max(0, left));
    const grant = row.passwordHash ? signGrant(ctx.masterKey, grantable(row), TUS_LIFETIME_MS / 1000) : '';
    return { ...kept, target: 'request', request: slug, grant, note: text(meta.note) ?? '' };
  }
  if (meta.share !== undefined) {
    authorize(principal, 'file.upload');
    const options = uploadOptionsSchema.parse(shareFields(meta));
    await checkQuota(ctx, principal, { bytes: size, share: true });
    return { ...kept, target: 'share', options: JSON.stringify(options) };
  }
  throw new AppError('invalid', 'tusTargetRequired');
}

/** The share options an upload's metadata may carry (docs/tus.md §2), as the upload form names them. */
const SHARE_FIELDS = ['slug', 'password', 'expires_in', 'max_views', 'remark', 'storage_config_id', 'path'] as const;
function shareFields(meta: TusMetadata) {
  return Object.fromEntries(SHARE_FIELDS.filter((name) => text(meta[name]) !== undefined).map((n) => [n, meta[n]]));
}

/** Whether this principal may resume, read or end the upload (its maker; anyone with a request upload's URL). */
export function ownsTusUpload(principal: Principal, meta: TusMetadata): boolean {
  return meta.target === 'request' || meta.owner === ownerOf(principal);
}

export type TusResult =
  | { kind: 'folder'; path: string; size: number }
  | { kind: 'request'; name: string; size: number }
  | { kind: 'share'; share: FileShareRecord };

/**
 * The last byte arrived: the staged file goes, as one stream, into its target. A refused upload's
 * staged copy goes at once (it leaves nothing behind); a committed one's once the answer is out
 * (`discardTusUpload`: the tus server reads the upload once more to answer), else with the sweeper.
 * Answers what became of it.
 */
export async function finishTusUpload(
  ctx: ModelContext,
  principal: Principal,
  upload: { id: string; size: number; metadata: TusMetadata },
  address: string,
): Promise<TusResult> {
  const store = tusStore(ctx);
  try {
    const meta = upload.metadata;
    if (!ownsTusUpload(principal, meta)) throw new AppError('forbidden', 'tusNotYours');
    const body = fs.createReadStream(path.join(store.directory, upload.id));
    return await commit(ctx, principal, meta, body, upload.size, address);
  } catch (error) {
    await discardTusUpload(ctx, upload.id);
    throw error;
  }
}

/** A finished upload's staged copy goes (its file was committed, or refused). */
export async function discardTusUpload(ctx: ModelContext, id: string): Promise<void> {
  await tusStore(ctx)
    .remove(id)
    .catch(() => undefined);
}

/** HEAD, PATCH and DELETE of an upload: only its maker (anyone holding a request upload's URL). */
export async function assertTusOwner(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const upload = await tusStore(ctx)
    .getUpload(id)
    .catch(() => null);
  if (upload && !ownsTusUpload(principal, upload.metadata ?? {})) throw new AppError('forbidden', 'tusNotYours');
}

async function commit(
  ctx: ModelContext,
  principal: Principal,
  meta: TusMetadata,
  body: Readable,
  size: number,
  address: string,
): Promise<TusResult> {
  const filename = meta.filename!;
  if (meta.target === 'folder') {
    const written = await uploadToFolder(ctx, principal, meta.path!, filename, body);
    return { kind: 'folder', path: written.path, size: written.size };
  }
  if (meta.target === 'request') {
    const got = await receiveFile(
      ctx,
      meta.request!,
      { grant: text(meta.grant) ?? null, address },
      { name: filename, body, size, note: text(meta.note) ?? null },
    );
    return { kind: 'request', name: got.name, size: got.size };
  }
  const options = uploadOptionsSchema.parse(JSON.parse(meta.options ?? '{}'));
  const share = await uploadFileShare(ctx, principal, { filename, body, size, sizeIsExact: true, options });
  return { kind: 'share', share };
}

/**
 * The sweeper's: uploads left past their expiry go, their bytes with them — unfinished ones, and a
 * finished one whose commit a killed process never ended (the FileStore's own sweep keeps those).
 */
export async function pruneTusUploads(ctx: ModelContext, now = Date.now()): Promise<number> {
  const store = tusStore(ctx);
  let removed = 0;
  for (const id of (await store.configstore.list?.()) ?? []) {
    const info = await store.configstore.get(id).catch(() => undefined);
    const created = info?.creation_date ? Date.parse(info.creation_date) : NaN;
    if (Number.isNaN(created) || created + TUS_LIFETIME_MS > now) continue;
    await store.remove(id).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
