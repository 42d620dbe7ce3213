import { DEFAULT_MIME, mimeFromFilename } from '~/lib/mime';
import type { UploadedFile } from '~/lib/upload/api';
import type { MultipartUploader, UploadStage } from '~/lib/upload/multipart-uploader';
import type { UploadProgress } from '~/lib/upload/progress';
import type { UploadError } from '~/lib/upload/upload-error';

/* The rows of the JavaScript uploader's file list (use-file-uploads.ts), and how they change. */

/** docs/product/spec.md §4 file upload item (pending, uploading, success, error), plus paused and cancelled. */
export type ItemStatus = 'pending' | 'uploading' | 'paused' | 'success' | 'error' | 'cancelled';

export interface UploadItem {
  id: string;
  file: File;
  fingerprint: string;
  /** Larger than one part: pausable and resumable. */
  multipart: boolean;
  status: ItemStatus;
  stage: UploadStage;
  progress: UploadProgress;
  error: UploadError | null;
  result: UploadedFile | null;
  /** Percent already stored when this file continues an upload interrupted by a reload. */
  resumeFrom: number | null;
  /** Over the max upload size: refused before any request. */
  tooLarge: boolean;
  /** Encrypted in the page: the key its link carries after "#" (never stored, never sent). */
  fragment?: string;
}

/** docs/product/spec.md §5: markdown extensions as text/markdown, unknown types as application/octet-stream. */
export function mimetypeOf(file: File): string {
  const byName = mimeFromFilename(file.name);
  return byName !== DEFAULT_MIME ? byName : file.type || DEFAULT_MIME;
}

export const noProgress = (total: number): UploadProgress => ({ loaded: 0, total, percent: 0, speed: 0 });

export function patchOf(uploader: MultipartUploader): Partial<UploadItem> {
  switch (uploader.state) {
    case 'idle':
      return { status: 'pending' };
    case 'uploading':
      return { status: 'uploading', error: null };
    case 'paused':
      return { status: 'paused' };
    case 'completed':
      return { status: 'success', result: uploader.result, resumeFrom: null };
    case 'failed':
      return { status: 'error', error: uploader.error };
    case 'aborted':
      return { status: 'cancelled', error: null, resumeFrom: null };
  }
}

export const isActive = (item: UploadItem) => item.status === 'uploading';
/** Listed and not started, and small enough to send. */
export const isWaiting = (item: UploadItem) => item.status === 'pending' && !item.tooLarge;
export const isFinished = (item: UploadItem) =>
  item.status === 'success' || item.status === 'error' || item.status === 'cancelled';
