import { postJson, type FetchFunction, type MultipartInitData, type MultipartResumeData } from './api';
import type { MultipartTransport } from './multipart-types';
import { putBlob } from './put';

/**
 * A big file sent to an upload request in parts (docs/api-extensions.md §9): the request's parts
 * endpoints, with the page's grant (never the password) in X-Request-Grant. The storage upload's id
 * stands for the file; the answer's `name` is the one it is stored under.
 */
export function requestMultipartTransport(
  request: { slug: string; grant: string | null },
  file: { name: string; size: number; note?: string },
  fetchImpl: FetchFunction = fetch,
): MultipartTransport {
  const base = `/api/public/upload-requests/${encodeURIComponent(request.slug)}/parts`;
  const withGrant: FetchFunction = (input, init) =>
    fetchImpl(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        ...(request.grant ? { 'X-Request-Grant': request.grant } : {}),
      },
    });
  const post = <T>(path: string, body: unknown, signal?: AbortSignal) => postJson<T>(withGrant, path, body, signal);
  type Started = Omit<MultipartInitData, 'file_id' | 'slug'> & { name: string };
  return {
    init: async ({ partSize }, signal) => {
      const body = { name: file.name, size: file.size, part_size: partSize, note: file.note || undefined };
      const data = await post<Started>(base, body, signal);
      return { ...data, file_id: data.upload_id, slug: request.slug };
    },
    resume: ({ upload_id }, signal) => post<MultipartResumeData>(`${base}/resume`, { upload_id }, signal),
    complete: async ({ upload_id, parts }) => {
      const data = await post<{ name: string; size: number }>(`${base}/complete`, { upload_id, parts });
      return { id: upload_id, slug: request.slug, filename: data.name, size: data.size, url: '' };
    },
    abort: ({ upload_id }) => post(`${base}/abort`, { upload_id }),
    put: putBlob,
  };
}

/** Where the request page keeps unfinished uploads in parts: apart from the share uploads' list. */
export const REQUEST_STORE_KEY = 'cloudclip.requestUploads';
