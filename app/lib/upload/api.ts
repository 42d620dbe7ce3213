import { errorFromEnvelope, toUploadError, UploadError, type UploadErrorCode } from './upload-error';
import { apiFetch } from '~/lib/api-target';

/**
 * Typed calls to the browser-upload endpoints (s3/presign, s3/commit, s3/multipart/*, url/*): same
 * origin, JSON, the session cookie as credentials. Every failure is an UploadError; on success the
 * envelope's `data` is returned.
 */

/** Share options, as the upload form sends them (uploadOptionsSchema field names). */
export interface ShareOptions {
  slug?: string;
  override?: boolean | string;
  path?: string;
  remark?: string;
  password?: string;
  /** Hours; 0 = never. */
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number | string;
  use_proxy?: boolean | string;
  s3_config_id?: string;
  /** An encrypted upload's header and sealed metadata (app/components/upload/sealed-upload.ts). */
  envelope?: string;
}

export interface PresignData {
  file_id: string;
  upload_url: string;
  slug: string;
  storage_path?: string;
  s3_url?: string;
  provider_type?: string;
  contentType?: string;
  hasPassword?: boolean;
  expiresAt?: string | null;
  maxViews?: number | null;
  url?: string;
}

/** The share record answered by commit / complete (the shape of GET /api/files/{id}, and `url`). */
export interface UploadedFile {
  id: string;
  /** url/multipart/complete names the id `fileId` (docs/product/api.md §3.9). */
  fileId?: string;
  slug: string;
  filename: string;
  size: number;
  mimetype?: string;
  has_password?: boolean;
  expires_at?: string | null;
  max_views?: number | null;
  /** "/file/<slug>" */
  url: string;
}

export interface PartUrl {
  partNumber: number;
  url: string;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  size?: number;
}

export interface MultipartInitData {
  file_id: string;
  upload_id: string;
  slug: string;
  partSize: number;
  partCount: number;
  totalSize: number;
  contentType?: string;
  presigned_urls: PartUrl[];
  url?: string;
}

export interface MultipartResumeData {
  parts: StoredPart[];
  presigned_urls: PartUrl[];
  partSize: number;
  partCount: number;
  totalSize: number;
}

export interface UrlInfo {
  url: string;
  filename: string;
  contentType: string;
  size: number | null;
  lastModified: string | null;
  method?: string;
  corsSupported?: boolean;
}

export interface MultipartRef {
  file_id: string;
  upload_id: string;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

/** POSTs JSON to a same-origin endpoint; returns the envelope's `data`. */
export async function postJson<T>(fetchImpl: FetchFunction, path: string, body: unknown, signal?: AbortSignal) {
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw toUploadError(error);
  }
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): judged by the status below.
  }
  const envelope = payload as { success?: unknown; data?: unknown } | null;
  if (!response.ok || envelope?.success === false) throw errorFromEnvelope(response.status, payload);
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope))
    throw new UploadError('client', `no data in the answer of ${path}`, { code: 'incompleteInfo' });
  return envelope.data as T;
}

/** Throws `incompleteInfo` unless every named field of the answer is present. */
export function requireFields<T extends object>(
  data: T,
  fields: (keyof T)[],
  code: UploadErrorCode = 'incompleteInfo',
) {
  const missing = fields.filter((f) => {
    const value: unknown = data?.[f];
    return value === undefined || value === null || value === '';
  });
  if (missing.length) throw new UploadError('client', `missing ${missing.join(', ')}`, { code });
  return data;
}

export function createUploadApi(fetchImpl: FetchFunction = apiFetch) {
  const post = <T>(path: string, body: unknown, signal?: AbortSignal) => postJson<T>(fetchImpl, path, body, signal);
  return {
    presign: (body: ShareOptions & { filename: string; size: number; mimetype?: string }, signal?: AbortSignal) =>
      post<PresignData>('/api/s3/presign', body, signal),
    commit: (body: { file_id: string; etag?: string | null; size?: number }, signal?: AbortSignal) =>
      post<UploadedFile>('/api/s3/commit', body, signal),
    cancel: (body: { file_id: string }) => post<unknown>('/api/s3/cancel', body),
    /** Uploads just made become one link (docs/api-extensions.md §10). */
    bundle: (body: ShareOptions & { ids: string[]; name?: string }) => post<{ id: string }>('/api/files/bundle', body),
    multipartInit: (
      body: ShareOptions & { filename: string; size: number; mimetype?: string; part_size?: number },
      signal?: AbortSignal,
    ) => post<MultipartInitData>('/api/s3/multipart/init', body, signal),
    multipartResume: (body: MultipartRef, signal?: AbortSignal) =>
      post<MultipartResumeData>('/api/s3/multipart/resume', body, signal),
    multipartComplete: (body: MultipartRef & { parts: CompletedPart[] }, signal?: AbortSignal) =>
      post<UploadedFile>('/api/s3/multipart/complete', body, signal),
    multipartAbort: (body: MultipartRef) => post<unknown>('/api/s3/multipart/abort', body),

    urlInfo: (body: { url: string }, signal?: AbortSignal) => post<UrlInfo>('/api/url/info', body, signal),
    urlPresign: (body: ShareOptions & UrlSourceBody, signal?: AbortSignal) =>
      post<PresignData>('/api/url/presign', body, signal),
    urlCommit: (body: { file_id: string; etag?: string | null; size?: number }, signal?: AbortSignal) =>
      post<UploadedFile>('/api/url/commit', body, signal),
    urlCancel: (body: { file_id: string }) => post<unknown>('/api/url/cancel', body),
    urlMultipartInit: (
      body: ShareOptions & UrlSourceBody & { total_size: number; part_size?: number },
      signal?: AbortSignal,
    ) => post<MultipartInitData>('/api/url/multipart/init', body, signal),
    urlMultipartComplete: (body: MultipartRef & { parts: CompletedPart[] }, signal?: AbortSignal) =>
      post<UploadedFile>('/api/url/multipart/complete', body, signal),
    urlMultipartAbort: (body: MultipartRef) => post<unknown>('/api/url/multipart/abort', body),
  };
}

export interface UrlSourceBody {
  url: string;
  filename?: string;
  metadata?: { filename: string; contentType: string; size: number };
}

export type UploadApi = ReturnType<typeof createUploadApi>;
