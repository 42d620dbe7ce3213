import type { FetchFunction, ShareOptions, UploadApi, UploadedFile, UrlInfo } from './api';
import { directUpload } from './direct-upload';
import { MultipartUploader, type UploadStage } from './multipart-uploader';
import { needsMultipart } from './part-size';
import { urlOverallPercent } from './progress';
import type { PutFunction } from './put';
import { urlDirectTransport, urlMultipartTransport } from './transports';
import { cancelledError, errorFromEnvelope, toUploadError, UploadError } from './upload-error';
import { apiFetch } from '~/lib/api-target';

/**
 * docs/product/spec.md §4 URL upload: the browser downloads the URL itself (falling back to our /api/url/proxy
 * when the origin allows no cross-origin read), then uploads the bytes like a chosen file through
 * url/presign + PUT + url/commit, or url/multipart/* for large ones. Overall progress: 0–49 while
 * downloading, 50–99 while uploading, 100 when done.
 */

/** docs/product/spec.md §5: a valid http or https URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface UrlUploadProgress {
  phase: 'download' | 'upload' | 'done';
  /** 0–100 over both phases; null while the download's size is unknown. */
  percent: number | null;
  /** Bytes of the current phase so far, and its total when known. */
  loaded: number;
  total: number | null;
}

export interface DownloadResult {
  blob: Blob;
  /** "direct" when the browser could read the URL itself, "proxy" through our server. */
  via: 'direct' | 'proxy';
}

/** Reads a response body with progress. */
async function readBody(
  response: Response,
  type: string,
  expected: number | null,
  onProgress?: (loaded: number, total: number | null) => void,
): Promise<Blob> {
  const header = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(header) && header > 0 ? header : expected;
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.(blob.size, blob.size);
    return new Blob([blob], { type });
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.(loaded, total !== null && total >= loaded ? total : null);
  }
  return new Blob(chunks, { type });
}

export interface DownloadOptions {
  fetch?: FetchFunction;
  signal?: AbortSignal;
  /** The size /api/url/info reported, when the response does not say. */
  expectedSize?: number | null;
  contentType?: string;
  onProgress?: (loaded: number, total: number | null) => void;
}

/** Downloads `url` in the browser; a network or CORS failure (a TypeError) retries through the proxy. */
export async function downloadUrl(url: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const fetchImpl = options.fetch ?? apiFetch;
  const type = options.contentType || 'application/octet-stream';
  const expected = options.expectedSize ?? null;
  const { signal } = options;
  let direct: Response | null = null;
  try {
    direct = await fetchImpl(url, { mode: 'cors', credentials: 'omit', redirect: 'follow', signal });
  } catch (error) {
    if (!(error instanceof TypeError) || signal?.aborted) throw toUploadError(error);
  }
  try {
    if (direct) {
      if (!direct.ok)
        throw new UploadError('http', `the URL answered HTTP ${direct.status}`, {
          status: direct.status,
          code: 'downloadFailed',
        });
      return { blob: await readBody(direct, type, expected, options.onProgress), via: 'direct' };
    }
    const proxied = await fetchImpl(`/api/url/proxy?url=${encodeURIComponent(url)}`, {
      credentials: 'same-origin',
      signal,
    });
    if (!proxied.ok) {
      const body = await proxied.json().catch(() => null);
      throw errorFromEnvelope(proxied.status, body);
    }
    return { blob: await readBody(proxied, type, expected, options.onProgress), via: 'proxy' };
  } catch (error) {
    throw toUploadError(error);
  }
}

export interface UrlUploadInput {
  api: UploadApi;
  put: PutFunction;
  url: string;
  /** From /api/url/info (fetched first when absent). */
  info?: UrlInfo;
  options: ShareOptions;
  signal?: AbortSignal;
  fetch?: FetchFunction;
  onProgress?: (progress: UrlUploadProgress) => void;
  onStage?: (stage: UploadStage) => void;
}

/** The whole URL flow; resolves with the share record. Abort `signal` to cancel (nothing is left behind). */
export async function uploadFromUrl(input: UrlUploadInput): Promise<UploadedFile> {
  const { api, put, url, options, signal, onProgress, onStage } = input;
  onStage?.('starting');
  const info = input.info ?? (await api.urlInfo({ url }, signal));
  if (signal?.aborted) throw cancelledError();

  onStage?.('uploading');
  const { blob } = await downloadUrl(url, {
    fetch: input.fetch,
    signal,
    expectedSize: info.size,
    contentType: info.contentType,
    onProgress: (loaded, total) =>
      onProgress?.({
        phase: 'download',
        percent: total ? urlOverallPercent('download', (loaded / total) * 100) : null,
        loaded,
        total,
      }),
  });
  if (signal?.aborted) throw cancelledError();

  const metadata = { filename: info.filename, contentType: blob.type || info.contentType, size: blob.size };
  const source = { url, filename: info.filename, metadata };
  const uploadProgress = (loaded: number, total: number, percent: number) =>
    onProgress?.({ phase: 'upload', percent: urlOverallPercent('upload', percent), loaded, total });
  uploadProgress(0, blob.size, 0);

  let record: UploadedFile;
  if (!needsMultipart(blob.size)) {
    record = await directUpload(blob, urlDirectTransport(api, put, source, options), {
      signal,
      onStage: (stage) => onStage?.(stage === 'completed' ? 'completing' : stage),
      onProgress: (p) => uploadProgress(p.loaded, p.total, p.percent),
    });
  } else {
    const uploader = new MultipartUploader({
      file: blob,
      transport: urlMultipartTransport(api, put, { ...source, total_size: blob.size }, options),
    });
    const stop = () => void uploader.cancel();
    signal?.addEventListener('abort', stop, { once: true });
    const unsubscribe = uploader.subscribe((event) => {
      if (event.type === 'progress')
        uploadProgress(event.progress.loaded, event.progress.total, event.progress.percent);
      if (event.type === 'stage' && event.stage !== 'completed') onStage?.(event.stage);
    });
    try {
      const state = await uploader.start();
      if (state === 'aborted') throw cancelledError();
      if (state !== 'completed' || !uploader.result)
        throw uploader.error ?? new UploadError('client', 'upload failed', { code: 'uploadFailed' });
      record = uploader.result;
    } catch (error) {
      // A failed multipart upload is not resumable here: drop it on the server.
      if (uploader.state === 'failed') await uploader.cancel();
      throw error;
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', stop);
    }
  }
  onStage?.('completed');
  onProgress?.({ phase: 'done', percent: 100, loaded: blob.size, total: blob.size });
  return { ...record, id: record.id ?? record.fileId };
}
