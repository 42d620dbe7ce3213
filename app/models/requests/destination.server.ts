import type { Readable } from 'node:stream';
import { isAllowed } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { UploadRequest } from '~/generated/prisma/client';
import type { UploadOptions } from '~/lib/schemas/files';
import { mimeFromFilename } from '~/lib/mime';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { storedBody } from '~/models/settings/strip-metadata.server';
import { principalOfCreator } from '~/models/accounts/principal.server';
import { quotaLimit, withQuota } from '~/models/quotas/quotas.server';
import { through } from '~/storage/byte-limit';
import { afterWrite } from '~/models/fs/after-write.server';
import { locate } from '~/models/fs/locate.server';
import type { InMount } from '~/models/fs/types';
import { uploadFileShare } from '~/models/shares/create/uploads.server';

/**
 * Where a request's files go (decision 0027): into its own folder in a mount, or each as a file
 * share of its creator (a request of shares, which needs no mount). Either is written with the
 * creator's rights as they are now.
 */
export type Destination = { kind: 'folder'; at: InMount } | { kind: 'shares'; sharer: Principal };

const REFUSALS = new Set(['unauthenticated', 'forbidden', 'not_found', 'invalid']);

/** Where a request's files go: its folder, reached with its creator's rights as they are now. */
async function requestFolder(ctx: ModelContext, row: UploadRequest): Promise<InMount> {
  const creator = await principalOfCreator(ctx, row.createdBy);
  try {
    const at = await locate(ctx, creator, row.folderPath, 'fs.upload');
    if (at.kind === 'mount' && at.key !== '') return at;
  } catch (error) {
    // A fault (storage or database away) is said as such; a refusal means the link is done.
    if (!(error instanceof AppError) || !REFUSALS.has(error.kind)) throw error;
  }
  // The creator lost the right to write there (or the mount is gone): the link cannot take files.
  throw new AppError('gone', 'requestUnavailable');
}

/** Whose file shares a request of shares makes: its creator's, while the creator may still upload. */
async function requestSharer(ctx: ModelContext, row: UploadRequest): Promise<Principal> {
  const creator = await principalOfCreator(ctx, row.createdBy);
  if (isAllowed(creator, 'file.upload')) return creator;
  throw new AppError('gone', 'requestUnavailable');
}

export async function destinationOf(ctx: ModelContext, row: UploadRequest): Promise<Destination> {
  return row.target === 'shares'
    ? { kind: 'shares', sharer: await requestSharer(ctx, row) }
    : { kind: 'folder', at: await requestFolder(ctx, row) };
}

/** The folder, for the name checks of placeArrival; none for shares. */
export const folderOf = (destination: Destination) => (destination.kind === 'folder' ? destination.at : null);

/** A request's file share: private to its creator (no password, no expiry), its remark saying where it came from. */
export function shareOptions(row: UploadRequest, note: string | null): UploadOptions {
  return { remark: (note ? `${row.title}: ${note}` : row.title).slice(0, 1000) };
}

/** Writes one whole file (its place reserved under `name`); answers its size and, for shares, the share. */
export async function writeArrival(
  ctx: ModelContext,
  row: UploadRequest,
  destination: Destination,
  file: { name: string; key: string; body: Readable; size?: number; note: string | null },
): Promise<{ size: number; fileId: string | null }> {
  if (destination.kind === 'shares') {
    const share = await uploadFileShare(ctx, destination.sharer, {
      filename: file.name,
      body: file.body,
      size: file.size,
      sizeIsExact: file.size !== undefined,
      options: shareOptions(row, file.note),
    });
    return { size: share.size, fileId: share.id };
  }
  const { at } = destination;
  const stored = await storedBody(ctx, file.name, file.body);
  // Into a folder, the bytes count against the creator's quotas (decision 0034), as a share's do.
  const written = await withQuota(
    ctx,
    at.principal,
    { bytes: file.size },
    (hold) => {
      const limited = through(stored.body, quotaLimit(Number.MAX_SAFE_INTEGER, hold));
      return at.driver.write(file.key, limited, { contentType: mimeFromFilename(file.name) });
    },
    (stored) => ({ bytes: stored.size }),
  );
  await afterWrite(ctx, at, { kind: 'written', key: file.key, file: written });
  return { size: written.size, fileId: null };
}
