import type { Readable } from 'node:stream';
import type { Principal } from '~/auth/principal';
import type { UploadRequest } from '~/generated/prisma/client';
import type { UploadOptions } from '~/lib/schemas/files';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { afterWrite } from '~/models/fs/after-write.server';
import type { InMount } from '~/models/fs/types';
import { uploadFileShare } from '~/models/shares/files.server';
import { requestFolder, requestSharer } from './admit.server';

/**
 * Where a request's files go (decision 0027): into its own folder in a mount, or each as a file
 * share of its creator (a request of shares, which needs no mount). Either is written with the
 * creator's rights as they are now.
 */
export type Destination = { kind: 'folder'; at: InMount } | { kind: 'shares'; sharer: Principal };

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
  const written = await at.driver.write(file.key, file.body, { contentType: mimeFromFilename(file.name) });
  await afterWrite(ctx, at, { kind: 'written', key: file.key, file: written });
  return { size: written.size, fileId: null };
}
