import { postJson, type FetchFunction, type UploadedFile } from './api';
import { PUT_TIMEOUT_MS } from './limits';
import { putBlob, type PutFunction } from './put';
import type { UploadMeta, UploadTransports } from './transports';
import { cancelledError, errorFromEnvelope, UploadError } from './upload-error';

/**
 * The explorer's uploads into a mounted folder (docs/product/api.md §3.10): on S3 mounts straight
 * to storage (fs/presign + commit, or fs/multipart for large files, pausable but not resumable
 * after a reload: the fs API has no resume call); on local mounts through the app (fs/upload).
 */

const joinPath = (folder: string, name: string) => `${folder.replace(/\/+$/, '')}/${name}`;

/**
 * The folder and name a file goes to: a file of a chosen folder keeps its place in it
 * (`filename` is then its relative path, "photos/2024/a.jpg").
 */
function placeOf(folder: string, filename: string) {
  const target = joinPath(folder, filename);
  const cut = target.lastIndexOf('/');
  return { target, dir: target.slice(0, cut) || '/', name: target.slice(cut + 1) };
}

/** What the upload list shows for a finished file: its name and where it now is. */
function uploaded(meta: UploadMeta, path: string, size: number): UploadedFile {
  return { id: path, slug: '', filename: meta.filename, size, url: path };
}

/**
 * POSTs one file as a form to fs/upload with upload progress (XMLHttpRequest; fetch has none).
 * Shaped as a PutFunction so the single-request uploader drives it like a presigned PUT.
 */
function postToFolder(folder: string, filename: string): PutFunction {
  return (url, body, options = {}) =>
    new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(cancelledError());
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      xhr.open('POST', url);
      xhr.timeout = options.timeoutMs ?? PUT_TIMEOUT_MS;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        let payload: unknown = null;
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          // not JSON: the status decides
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve({ status: xhr.status, etag: null });
        reject(errorFromEnvelope(xhr.status, payload));
      };
      xhr.onerror = () => reject(new UploadError('network', 'network error', { code: 'network' }));
      xhr.ontimeout = () => reject(new UploadError('network', 'timed out', { code: 'timeout' }));
      xhr.onabort = () => reject(cancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const form = new FormData();
      form.append('path', folder);
      form.append('file', body, filename);
      xhr.send(form);
    });
}

interface FsPresign {
  presignedUrl: string;
  targetPath: string;
  contentType: string;
}
interface FsMultipartInit {
  uploadId: string;
  partSize: number;
  partCount: number;
  presignedUrls: { partNumber: number; url: string }[];
}

/**
 * Transports whose options are the target folder ("/team/docs"). `toStorage`: the folder's mount
 * stores in S3, so the browser PUTs to it (multipart for large files); otherwise one form post.
 */
export function fsTransports(toStorage: boolean, fetchImpl: FetchFunction = (input, init) => fetch(input, init)) {
  const post = <T>(path: string, body: unknown, signal?: AbortSignal) => postJson<T>(fetchImpl, path, body, signal);
  const transports: UploadTransports<string> = {
    direct(meta, folder) {
      const { target, dir, name } = placeOf(folder, meta.filename);
      if (!toStorage)
        return {
          presign: async () => ({ file_id: target, upload_url: '/api/fs/upload', slug: '' }),
          commit: async () => uploaded(meta, target, meta.size),
          // Nothing is pending: an interrupted form post leaves no file (the server drops its spool).
          cancel: async () => undefined,
          put: postToFolder(dir, name),
        };
      return {
        presign: async (signal) => {
          const data = await post<FsPresign>(
            '/api/fs/presign',
            { path: dir, fileName: name, contentType: meta.mimetype, fileSize: meta.size },
            signal,
          );
          return { file_id: data.targetPath, upload_url: data.presignedUrl, slug: '', contentType: data.contentType };
        },
        commit: async (_input, signal) => {
          const data = await post<{ targetPath: string; fileSize: number }>(
            '/api/fs/presign/commit',
            { targetPath: target, fileSize: meta.size },
            signal,
          );
          return uploaded(meta, data.targetPath, data.fileSize);
        },
        // A presigned PUT that never finished leaves nothing visible to remove.
        cancel: async () => undefined,
        put: putBlob,
      };
    },
    multipart(meta, folder) {
      const { target, dir, name } = placeOf(folder, meta.filename);
      const ref = { path: dir, fileName: name };
      return {
        init: async ({ partSize }, signal) => {
          const data = await post<FsMultipartInit>(
            '/api/fs/multipart/init',
            { ...ref, fileSize: meta.size, partSize },
            signal,
          );
          return {
            file_id: target,
            upload_id: data.uploadId,
            slug: '',
            partSize: data.partSize,
            partCount: data.partCount,
            totalSize: meta.size,
            presigned_urls: data.presignedUrls,
          };
        },
        complete: async ({ upload_id, parts }) => {
          const data = await post<{ size: number }>('/api/fs/multipart/complete', {
            ...ref,
            uploadId: upload_id,
            parts,
            fileSize: meta.size,
          });
          return uploaded(meta, target, data.size);
        },
        abort: ({ upload_id }) => post('/api/fs/multipart/abort', { ...ref, uploadId: upload_id }),
        put: putBlob,
      };
    },
    resumable: false,
  };
  if (!toStorage) delete transports.multipart;
  return transports;
}
