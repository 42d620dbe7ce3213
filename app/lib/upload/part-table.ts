import type { CompletedPart } from './api';
import type { Chunk, ChunkStatus, PersistedMultipart } from './multipart-types';
import { partRanges } from './part-size';
import { UploadError } from './upload-error';

/**
 * The resume state of a multipart upload (docs/product/spec.md §4): which parts there are, which the
 * server holds, and what survives a reload. Pure functions over the part table the uploader keeps.
 */

/** The upload on the server: its ids, its share's slug, and the size its parts were cut to. */
export interface Session {
  file_id: string;
  upload_id: string;
  slug: string;
  partSize: number;
}

/** Every part of a file cut at `partSize`, none sent yet. */
export function newPartTable(fileSize: number, partSize: number): Chunk[] {
  return partRanges(fileSize, partSize).map((range) => ({
    ...range,
    status: 'pending' as ChunkStatus,
    retryCount: 0,
    etag: null,
  }));
}

/**
 * What the server says it holds is the truth: a part it has is completed with its ETag, any other is
 * pending again and needs a signed URL. Parts still in flight since a pause are left to finish.
 */
export function applyServerParts(
  chunks: Chunk[],
  stored: CompletedPart[],
  hasUrl: (partNumber: number) => boolean,
  inFlight: (partNumber: number) => boolean,
): void {
  const held = new Map(stored.map((p) => [p.partNumber, p.etag]));
  for (const chunk of chunks) {
    if (inFlight(chunk.partNumber)) continue;
    const etag = held.get(chunk.partNumber);
    if (etag) {
      chunk.status = 'completed';
      chunk.etag = etag;
    } else {
      chunk.status = 'pending';
      chunk.etag = null;
      if (!hasUrl(chunk.partNumber))
        throw new UploadError('client', `no URL for part ${chunk.partNumber}`, { code: 'incompleteInfo' });
    }
  }
}

/** What a reload needs to pick the upload up again: the session and the parts stored so far. */
export function persistedOf(session: Session, chunks: readonly Chunk[]): PersistedMultipart {
  return {
    file_id: session.file_id,
    upload_id: session.upload_id,
    slug: session.slug,
    partSize: session.partSize,
    parts: chunks
      .filter((c) => c.status === 'completed' && c.etag)
      .map((c) => ({ partNumber: c.partNumber, etag: c.etag! })),
  };
}
