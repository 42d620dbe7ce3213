import type { ShareBasics } from '~/lib/share-basics';
import type { FileShare, StorageConfig } from '~/generated/prisma/client';
import type { ModelContext } from '~/models/context.server';
import type { StorageDriver } from '~/storage/types';
import { storageTypeOf, type StorageType } from '~/lib/storage-kinds';

/** A file-share row with its storage config, as the share models read it. Never leaves models/. */
export type ShareRow = FileShare & { storageConfig: StorageConfig };

/**
 * A file share as every door sees it (docs/architecture.md §1, "Models"): no password
 * hash or ciphertext, no storage secrets, no Prisma types. Sizes are numbers.
 */
export interface FileShareRecord extends ShareBasics {
  hasPassword: boolean;
  views: number;
  maxViews: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  useProxy: boolean;
  etag: string | null;
  storagePath: string;
  /** Virtual path when the share was made from a mount. */
  filePath: string | null;
  /** An end-to-end encrypted share's header and sealed metadata (docs/encryption.md "Files"), else null. */
  envelope: string | null;
  /** "folder" for a folder or selection share (folder-access.server.ts), read as it is now, and a bundle. */
  kind: 'file' | 'folder';
  /** A selection share's names inside its folder; null for a whole folder and for a file. */
  items: string[] | null;
  storageConfigId: string;
  /** The share's storage type as stored ("LOCAL" or "S3", docs/product/api.md). */
  storageType: string;
  /** The storage config it lives on: what may be shown of it. */
  storage: {
    name: string;
    kind: StorageType;
    providerType: string;
    endpointUrl: string | null;
    bucketName: string | null;
  };
}

/**
 * Whether a share opens as a folder: a folder or selection share, or a bundle of uploads (one link
 * for several files, bundles.server.ts). Visitors and clients see all three as kind "folder".
 */
export const opensAsFolder = (row: Pick<ShareRow, 'kind'>) => row.kind !== 'file';

/** A selection share's names (a JSON array of strings); null for anything else (a bundle's are ids). */
export function selectionOf(row: Pick<ShareRow, 'items' | 'kind'>): string[] | null {
  if (row.items === null || row.kind === 'bundle') return null;
  const parsed: unknown = JSON.parse(row.items);
  return Array.isArray(parsed) ? parsed.map(String) : null;
}

export function toFileRecord(row: ShareRow): FileShareRecord {
  const config = row.storageConfig;
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: Number(row.size),
    remark: row.remark,
    hasPassword: row.passwordHash !== null,
    views: row.views,
    maxViews: row.maxViews,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    useProxy: row.useProxy,
    etag: row.etag,
    storagePath: row.storagePath,
    filePath: row.filePath,
    envelope: row.envelope,
    kind: opensAsFolder(row) ? 'folder' : 'file',
    items: selectionOf(row),
    storageConfigId: row.storageConfigId,
    storageType: row.storageType,
    storage: {
      name: config.name,
      kind: storageTypeOf(config.storageType),
      providerType: config.providerType,
      endpointUrl: config.endpointUrl,
      bucketName: config.bucketName,
    },
  };
}

/** The driver a share's object lives on (docs/architecture.md §1: only share models and the vfs reach drivers). */
export function driverOfShare(ctx: ModelContext, row: ShareRow): StorageDriver {
  return ctx.storage.driverFor(row.storageConfig);
}

/** A share row by id, with its config; null when there is none. */
export function findShareRow(ctx: ModelContext, id: string): Promise<ShareRow | null> {
  return ctx.db.fileShare.findUnique({ where: { id }, include: { storageConfig: true } });
}

/** The status of an upload that belongs to a bundle (bundles.server.ts): no list or slug of its own answers. */
export const BUNDLED = 'bundled';

/** A bundle's members, in the order they were given. */
export async function bundleMembers(ctx: ModelContext, bundle: Pick<ShareRow, 'items'>): Promise<ShareRow[]> {
  const ids: string[] = JSON.parse(bundle.items ?? '[]');
  const rows = await ctx.db.fileShare.findMany({
    where: { id: { in: ids }, status: BUNDLED },
    include: { storageConfig: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((memberId) => byId.get(memberId) ?? []);
}
