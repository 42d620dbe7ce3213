import { AppError } from '~/lib/errors';
import { StorageError, type CompletedPart, type StorageDriver, type UploadedPart } from '~/storage/types';

/** The parts storage holds of an upload; 404 `uploadNotFound` once it is gone (completed, aborted, reaped). */
export function listStoredParts(driver: StorageDriver, key: string, uploadId: string): Promise<UploadedPart[]> {
  return driver.multipartListParts(key, uploadId).catch((error: unknown) => {
    if (error instanceof StorageError && error.kind === 'not_found') throw new AppError('not_found', 'uploadNotFound');
    throw error;
  });
}

/**
 * The part list checked against the plan and against what storage holds, before anything is
 * joined: parts 1..N each once, every ETag matching a stored part, and together exactly the
 * declared size (when one was declared). A mismatch leaves the upload pending, so the uploader can send the part again.
 */
export function checkParts(parts: CompletedPart[], stored: UploadedPart[], declared?: number) {
  const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  if (ordered.some((p, i) => p.partNumber !== i + 1))
    throw new AppError('invalid', 'uploadPartsInvalid', { count: ordered.length });
  const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
  let total = 0;
  for (const part of ordered) {
    const held = byNumber.get(part.partNumber);
    if (!held || held.etag !== part.etag.replace(/"/g, ''))
      throw new AppError('conflict', 'uploadPartConflict', { part: part.partNumber });
    total += held.size;
  }
  if (declared !== undefined && total !== declared)
    throw new AppError('invalid', 'uploadSizeMismatch', { stored: total, declared });
  return ordered;
}
