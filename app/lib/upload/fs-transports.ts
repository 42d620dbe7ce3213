import { postJson, type FetchFunction, type UploadedFile } from './api';
import { putBlob } from './put';
import type { UploadMeta, UploadTransports } from './transports';
import { apiFetch } from '~/lib/api-target';

/**
 * The explorer's uploads into a mounted folder (docs/product/api.md §3.10): straight to storage by
 * presigned URLs (S3's, or the app's own for a local storage, docs/decisions/0010-mounted-local-uploads.md):
 * fs/presign + commit, or fs/multipart for large files, pausable but not resumable after a reload
 * (the fs API has no resume call).
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

interface FsPresign {
  presignedUrl: string;
  fileId: string;
  targetPath: string;
  contentType: string;
}

/** What an upload onto a name that is taken does (the explorer asks before it starts: issue 42, item 1). */
export type OnConflict = 'replace' | 'keep' | 'skip';
interface FsMultipartInit {
  uploadId: string;
  partSize: number;
  partCount: number;
  presignedUrls: { partNumber: number; url: string }[];
}

/**
 * Transports whose options are the target folder ("/team/docs"). `onConflict` answers, for a file's
 * name (its relative path), what the user chose should its name be taken.
 */
export function fsTransports(
  fetchImpl: FetchFunction = apiFetch,
  onConflict: (filename: string) => OnConflict | undefined = () => undefined,
) {
  const post = <T>(path: string, body: unknown, signal?: AbortSignal) => postJson<T>(fetchImpl, path, body, signal);
  return {
    direct(meta, folder) {
      const { target, dir, name } = placeOf(folder, meta.filename);
      const conflict = onConflict(meta.filename);
      return {
        presign: async (signal) => {
          const data = await post<FsPresign>(
            '/api/fs/presign',
            { path: dir, fileName: name, contentType: meta.mimetype, fileSize: meta.size, onConflict: conflict },
            signal,
          );
          return { file_id: data.fileId, upload_url: data.presignedUrl, slug: '', contentType: data.contentType };
        },
        commit: async (input, signal) => {
          const data = await post<{ targetPath: string; fileSize: number }>(
            '/api/fs/presign/commit',
            { targetPath: target, fileId: input.file_id, fileSize: meta.size },
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
            { ...ref, fileSize: meta.size, partSize, onConflict: onConflict(meta.filename) },
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
          const data = await post<{ size: number; path?: string }>('/api/fs/multipart/complete', {
            ...ref,
            uploadId: upload_id,
            parts,
            fileSize: meta.size,
          });
          return uploaded(meta, data.path ?? target, data.size);
        },
        abort: ({ upload_id }) => post('/api/fs/multipart/abort', { ...ref, uploadId: upload_id }),
        put: putBlob,
      };
    },
    resumable: false,
  } satisfies UploadTransports<string>;
}
