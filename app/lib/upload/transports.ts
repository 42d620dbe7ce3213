import type { ShareOptions, UploadApi, UrlSourceBody } from './api';
import type { DirectTransport } from './direct-upload';
import type { MultipartTransport } from './multipart-uploader';
import type { PutFunction } from './put';

/** The file being uploaded, as the server is told about it. */
export interface UploadMeta {
  filename: string;
  size: number;
  mimetype: string;
}

/** Where a file chooser's uploads go, for options of type O (share options, or the target folder). */
export interface UploadTransports<O> {
  direct(meta: UploadMeta, options: O): DirectTransport;
  /** Absent: every file goes in one request, whatever its size. */
  multipart?(meta: UploadMeta, options: O): MultipartTransport;
  /** Multipart progress survives a reload (the transport can resume from server truth). */
  resumable: boolean;
}

/** s3/presign + s3/commit (+ s3/cancel) for a file chosen by the user. */
export function fileDirectTransport(
  api: UploadApi,
  put: PutFunction,
  meta: UploadMeta,
  options: ShareOptions,
): DirectTransport {
  return {
    presign: (signal) => api.presign({ ...options, ...meta }, signal),
    commit: (input, signal) => api.commit(input, signal),
    cancel: (file_id) => api.cancel({ file_id }),
    put,
  };
}

/** s3/multipart/* for a file chosen by the user; resumable after a reload. */
export function fileMultipartTransport(
  api: UploadApi,
  put: PutFunction,
  meta: UploadMeta,
  options: ShareOptions,
): MultipartTransport {
  return {
    init: ({ partSize }, signal) => api.multipartInit({ ...options, ...meta, part_size: partSize }, signal),
    resume: (ref, signal) => api.multipartResume(ref, signal),
    complete: (input) => api.multipartComplete(input),
    abort: (ref) => api.multipartAbort(ref),
    put,
  };
}

/** url/presign + url/commit (+ url/cancel) for bytes the browser downloaded from a URL. */
export function urlDirectTransport(
  api: UploadApi,
  put: PutFunction,
  source: UrlSourceBody,
  options: ShareOptions,
): DirectTransport {
  return {
    presign: (signal) => api.urlPresign({ ...options, ...source }, signal),
    commit: (input, signal) => api.urlCommit(input, signal),
    cancel: (file_id) => api.urlCancel({ file_id }),
    put,
  };
}

/** url/multipart/* (no resume endpoint: the downloaded bytes do not survive a reload anyway). */
export function urlMultipartTransport(
  api: UploadApi,
  put: PutFunction,
  source: UrlSourceBody & { total_size: number },
  options: ShareOptions,
): MultipartTransport {
  return {
    init: ({ partSize }, signal) => api.urlMultipartInit({ ...options, ...source, part_size: partSize }, signal),
    complete: (input) => api.urlMultipartComplete(input),
    abort: (ref) => api.urlMultipartAbort(ref),
    put,
  };
}
