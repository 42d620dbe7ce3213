import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import type { StorageConfig } from '~/generated/prisma/client';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { encrypt } from '~/auth/secrets.server';
import { AppError } from '~/lib/errors';
import {
  defaultQuota,
  normalizeProvider,
  type CreateStorageConfigInput,
  type UpdateStorageConfigInput,
} from '~/lib/schemas/storage-configs';
import type { ModelContext } from '~/models/context.server';
import { markUsed } from '~/models/last-used.server';
import { SEEDED_STORAGE_NAME } from '~/lib/storage-name';
import { storageTypeOf, type StorageType } from '~/lib/storage-kinds';
import { REMOTE_DEFAULT_QUOTA, remoteConfigData, remoteConfigUpdate } from './remote-configs.server';

/**
 * The embedded default: a fresh install stores files in DATA_DIR/storage with no configuration,
 * so uploading works without any S3 (docs/architecture.md §5). Public, so access keys may use it too.
 */
export async function ensureDefaultStorage(ctx: ModelContext): Promise<void> {
  const { db } = ctx;
  if ((await db.storageConfig.count()) > 0) return;
  await db.storageConfig.create({
    data: {
      id: randomUUID(),
      name: SEEDED_STORAGE_NAME,
      storageType: 'local',
      providerType: 'Local',
      rootPath: 'storage',
      isDefault: true,
      isPublic: true,
    },
  });
}

/** A storage config as the doors see it: neither secret (they never leave the server), no Prisma type. */
export interface StorageConfigRecord {
  id: string;
  name: string;
  storageType: StorageType;
  providerType: string;
  endpointUrl: string | null;
  bucketName: string | null;
  region: string;
  pathStyle: boolean;
  defaultFolder: string;
  isPublic: boolean;
  isDefault: boolean;
  totalStorageBytes: number | null;
  customHost: string | null;
  signatureExpiresIn: number;
  adminId: string | null;
  /** Local storage needs none; an S3 config has both keys stored; an SFTP one a user and a secret. */
  hasCredentials: boolean;
  /** WebDAV and SFTP: the folder on the server ("/" for all of it). */
  rootFolder: string | null;
  /** SFTP: the pinned host key, null until the first test pins it. */
  hostKeyFingerprint: string | null;
  /** WebDAV: whether an https server's certificate is checked. */
  tlsVerify: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastUsedAt: Date | null;
}

function hasCredentials(c: StorageConfig): boolean {
  if (c.storageType === 'local' || c.storageType === 'webdav') return true;
  if (c.storageType === 'sftp') return !!c.accessKeyIdEnc && (!!c.secretAccessKeyEnc || !!c.privateKeyEnc);
  return !!c.accessKeyIdEnc && !!c.secretAccessKeyEnc;
}

function toRecord(c: StorageConfig): StorageConfigRecord {
  return {
    id: c.id,
    name: c.name,
    storageType: storageTypeOf(c.storageType),
    providerType: c.providerType,
    endpointUrl: c.endpointUrl,
    bucketName: c.bucketName,
    region: c.region ?? '',
    pathStyle: c.pathStyle,
    defaultFolder: c.defaultFolder,
    isPublic: c.isPublic,
    isDefault: c.isDefault,
    totalStorageBytes: c.totalStorageBytes === null ? null : Number(c.totalStorageBytes),
    customHost: c.customHost,
    signatureExpiresIn: c.signatureExpiresIn,
    adminId: c.adminId,
    hasCredentials: hasCredentials(c),
    rootFolder: c.storageType === 'webdav' || c.storageType === 'sftp' ? (c.rootPath ?? '/') : null,
    hostKeyFingerprint: c.hostKeyFingerprint,
    tlsVerify: c.tlsVerify,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    lastUsedAt: c.lastUsedAt,
  };
}

/** Admins see every config; keys with the file permission see the public ones (docs/product/api.md §3.5). */
export async function listStorageConfigs(ctx: ModelContext, principal: Principal): Promise<StorageConfigRecord[]> {
  authorize(principal, 'storage.read');
  const rows = await ctx.db.storageConfig.findMany({
    where: principal.kind === 'admin' ? {} : { isPublic: true },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }],
  });
  return rows.map(toRecord);
}

/** Admin view of every config with the bytes its shares use (the storage page's list). */
export async function listStorageConfigsWithUsage(ctx: ModelContext, principal: Principal) {
  authorize(principal, 'storage.manage');
  const configs = await listStorageConfigs(ctx, principal);
  return Promise.all(configs.map(async (c) => ({ ...c, usedBytes: await usedBytes(ctx, c.id) })));
}

export async function getStorageConfig(
  ctx: ModelContext,
  principal: Principal,
  id: string,
): Promise<StorageConfigRecord> {
  authorize(principal, 'storage.read');
  const config = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!config || (principal.kind !== 'admin' && !config.isPublic)) throw new AppError('not_found', 'storageNotFound');
  return toRecord(config);
}

/**
 * The config an upload goes to: the one asked for, else the default, else the first — and only a
 * public one for a key ("no permission to use this storage config", docs/product/spec.md §8).
 */
export async function storageForUpload(ctx: ModelContext, principal: Principal, id?: string | null) {
  const { db } = ctx;
  const keyOnly = principal.kind === 'admin' ? {} : { isPublic: true };
  if (id) {
    const config = await db.storageConfig.findUnique({ where: { id } });
    if (!config) throw new AppError('not_found', 'storageNotFound');
    if (principal.kind !== 'admin' && !config.isPublic) throw new AppError('forbidden', 'storageForbidden');
    return config;
  }
  const config =
    (await db.storageConfig.findFirst({ where: { ...keyOnly, isDefault: true } })) ??
    (await db.storageConfig.findFirst({ where: keyOnly, orderBy: { createdAt: 'asc' } }));
  if (!config) throw new AppError('invalid', 'noStorageAvailable');
  return config;
}

function signatureExpiry(value: number | undefined): number {
  return value && value > 0 ? Math.min(value, 7 * 24 * 3600) : 3600;
}

export async function createStorageConfig(ctx: ModelContext, principal: Principal, input: CreateStorageConfigInput) {
  authorize(principal, 'storage.manage');
  const isFirst = (await ctx.db.storageConfig.count()) === 0;
  const common = {
    id: randomUUID(),
    name: input.name,
    defaultFolder: cleanFolder(input.default_folder),
    isPublic: input.is_public ?? false,
    isDefault: isFirst,
    signatureExpiresIn: signatureExpiry(input.signature_expires_in),
    adminId: principal.kind === 'admin' ? principal.adminId : null,
  };
  if (input.storage_type === 'webdav' || input.storage_type === 'sftp') {
    const quota = input.total_storage_bytes && input.total_storage_bytes > 0 ? input.total_storage_bytes : null;
    const created = await ctx.db.storageConfig.create({
      data: {
        ...common,
        ...(await remoteConfigData(ctx, input)),
        totalStorageBytes: BigInt(quota ?? REMOTE_DEFAULT_QUOTA),
      },
    });
    audit(ctx, principal, { action: 'storage.create', target: created.name });
    return toRecord(created);
  }
  const provider = normalizeProvider(input.provider_type);
  const quota =
    input.total_storage_bytes && input.total_storage_bytes > 0 ? input.total_storage_bytes : defaultQuota(provider);
  const created = await ctx.db.storageConfig.create({
    data: {
      ...common,
      storageType: 's3',
      providerType: provider,
      endpointUrl: input.endpoint_url.replace(/\/+$/, ''),
      bucketName: input.bucket_name,
      region: input.region ?? '',
      accessKeyIdEnc: encrypt(ctx.masterKey, input.access_key_id),
      secretAccessKeyEnc: encrypt(ctx.masterKey, input.secret_access_key),
      pathStyle: input.path_style ?? false,
      totalStorageBytes: BigInt(quota),
      customHost: input.custom_host || null,
    },
  });
  audit(ctx, principal, { action: 'storage.create', target: created.name });
  return toRecord(created);
}

/** "a/b/" style prefix without leading slash, or "" (no "..", no empty segments). */
function cleanFolder(value: string | undefined): string {
  const segments = (value ?? '').split('/').filter((s) => s && s !== '.' && s !== '..');
  return segments.length ? segments.join('/') + '/' : '';
}

export async function updateStorageConfig(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  input: UpdateStorageConfigInput,
) {
  authorize(principal, 'storage.manage');
  const existing = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!existing) throw new AppError('not_found', 'storageNotFound');
  const isS3 = existing.storageType === 's3';
  const remote = existing.storageType === 'webdav' || existing.storageType === 'sftp';
  const provider = input.provider_type === undefined ? existing.providerType : normalizeProvider(input.provider_type);
  const s3Fields = isS3 && {
    providerType: provider,
    endpointUrl: input.endpoint_url ? input.endpoint_url.replace(/\/+$/, '') : undefined,
    bucketName: input.bucket_name,
    region: input.region,
    // A blank or absent secret keeps the stored one (the edit form never shows it).
    accessKeyIdEnc: input.access_key_id ? encrypt(ctx.masterKey, input.access_key_id) : undefined,
    secretAccessKeyEnc: input.secret_access_key ? encrypt(ctx.masterKey, input.secret_access_key) : undefined,
    pathStyle: input.path_style,
    customHost: input.custom_host === undefined ? undefined : input.custom_host || null,
  };
  const updated = await ctx.db.storageConfig.update({
    where: { id },
    data: {
      name: input.name,
      ...(s3Fields || (remote ? remoteConfigUpdate(ctx, existing, input) : {})),
      defaultFolder: input.default_folder === undefined ? undefined : cleanFolder(input.default_folder),
      isPublic: input.is_public,
      signatureExpiresIn:
        input.signature_expires_in === undefined ? undefined : signatureExpiry(input.signature_expires_in),
      totalStorageBytes:
        input.total_storage_bytes === undefined
          ? undefined
          : BigInt(
              input.total_storage_bytes && input.total_storage_bytes > 0
                ? input.total_storage_bytes
                : defaultQuota(provider),
            ),
    },
  });
  ctx.storage.forget(id);
  // The names of the fields sent, never their values (secrets among them).
  const fields = Object.keys(input).filter((field) => input[field as keyof UpdateStorageConfigInput] !== undefined);
  audit(ctx, principal, { action: 'storage.update', target: updated.name, detail: fields.join(', ') });
  return toRecord(updated);
}

export async function deleteStorageConfig(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'storage.manage');
  const existing = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!existing) throw new AppError('not_found', 'storageNotFound');
  const files = await ctx.db.fileShare.count({ where: { storageConfigId: id } });
  if (files > 0) throw new AppError('conflict', 'storageInUse', { count: files });
  const mounts = await ctx.db.mount.count({ where: { storageConfigId: id } });
  if (mounts > 0) throw new AppError('conflict', 'storageMounted', { count: mounts });
  // The scheduled backups are written there (models/backup/schedule.server.ts): choose another first.
  if (await ctx.db.backupSchedule.count({ where: { storageConfigId: id } }))
    throw new AppError('conflict', 'storageHoldsBackups');
  await ctx.db.storageConfig.delete({ where: { id } });
  ctx.storage.forget(id);
  audit(ctx, principal, { action: 'storage.delete', target: existing.name });
  // Keep a default while any config is left.
  if (existing.isDefault) {
    const next = await ctx.db.storageConfig.findFirst({ orderBy: { createdAt: 'asc' } });
    if (next) await ctx.db.storageConfig.update({ where: { id: next.id }, data: { isDefault: true } });
  }
}

export async function setDefaultStorageConfig(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'storage.manage');
  const config = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!config) throw new AppError('not_found', 'storageNotFound');
  await ctx.db.$transaction([
    ctx.db.storageConfig.updateMany({ where: { isDefault: true }, data: { isDefault: false } }),
    ctx.db.storageConfig.update({ where: { id }, data: { isDefault: true } }),
  ]);
  audit(ctx, principal, { action: 'storage.default', target: config.name });
}

/** Bytes used by share records on a config (for the quota check and the dashboard). */
export async function usedBytes(ctx: ModelContext, configId: string): Promise<number> {
  const { db } = ctx;
  // A bundle's size is its uploads' (bundles.server.ts): counted once, with them.
  const sum = await db.fileShare.aggregate({
    where: { storageConfigId: configId, kind: { not: 'bundle' } },
    _sum: { size: true },
  });
  return Number(sum._sum.size ?? 0);
}

/**
 * Marks a storage used by an upload or a download of a share (issue 28: the built-in storage's
 * "Last used" moved only when it was tested), without holding up or failing the transfer.
 */
export function touchStorageConfig(ctx: ModelContext, config: Pick<StorageConfig, 'id' | 'lastUsedAt'>): void {
  markUsed(ctx, `storage ${config.id}`, config.lastUsedAt, (now) =>
    ctx.db.storageConfig.updateMany({ where: { id: config.id }, data: { lastUsedAt: now } }),
  );
}
