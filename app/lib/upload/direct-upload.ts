import { requireFields, type PresignData, type UploadedFile } from './api';
import type { UploadStage } from './multipart-uploader';
import type { UploadProgress } from './progress';
import { SpeedMeter } from './progress';
import type { PutFunction } from './put';
import { isCancelled, toUploadError, UploadError } from './upload-error';

/** The calls of a single-PUT upload (file or URL flavour), with the share options bound in. */
export interface DirectTransport {
  presign(signal?: AbortSignal): Promise<PresignData>;
  commit(input: { file_id: string; etag: string | null; size: number }, signal?: AbortSignal): Promise<UploadedFile>;
  /** Removes the pending record and any stored bytes. */
  cancel(fileId: string): Promise<unknown>;
  put: PutFunction;
}

export interface DirectUploadHooks {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  onStage?: (stage: UploadStage) => void;
  now?: () => number;
}

/**
 * docs/product/spec.md §4 direct file upload: presign → PUT the bytes to storage (with progress) → commit. When
 * the PUT or the commit fails, or the user cancels, the pending record is cancelled on the server
 * so nothing is left behind.
 */
export async function directUpload(
  file: Blob,
  transport: DirectTransport,
  hooks: DirectUploadHooks = {},
): Promise<UploadedFile> {
  const { signal, onProgress, onStage } = hooks;
  const speed = new SpeedMeter(hooks.now);
  const report = (loaded: number) =>
    onProgress?.({
      loaded,
      total: file.size,
      percent: file.size ? Math.min(100, Math.floor((loaded / file.size) * 100)) : 0,
      speed: speed.rate(loaded),
    });

  onStage?.('initializing');
  let presigned: PresignData;
  try {
    presigned = requireFields(await transport.presign(signal), ['file_id', 'upload_url'], 'presignFailed');
  } catch (error) {
    const e = toUploadError(error);
    // A failure without a message of its own is a presign failure (docs/product/spec.md §8).
    if (!e.key && !e.code && e.kind !== 'cancelled')
      throw new UploadError(e.kind, e.message, { code: 'presignFailed', status: e.status, cause: e });
    throw e;
  }

  try {
    if (signal?.aborted) throw new UploadError('cancelled', 'cancelled', { code: 'cancelled' });
    onStage?.('uploading');
    report(0);
    let processing = false;
    const answer = await transport.put(presigned.upload_url, file, {
      signal,
      headers: { 'Content-Type': presigned.contentType || 'application/octet-stream' },
      onProgress: (loaded) => {
        report(loaded);
        // Every byte is sent: storage is still writing it.
        if (!processing && file.size > 0 && loaded >= file.size) {
          processing = true;
          onStage?.('processing');
        }
      },
    });
    onStage?.('completing');
    const record = await transport.commit({ file_id: presigned.file_id, etag: answer.etag, size: file.size }, signal);
    onStage?.('completed');
    return record;
  } catch (error) {
    // Nothing may stay behind: the record (and whatever bytes arrived) go.
    await transport.cancel(presigned.file_id).catch(() => undefined);
    throw isCancelled(error) ? new UploadError('cancelled', 'cancelled', { code: 'cancelled' }) : toUploadError(error);
  }
}
