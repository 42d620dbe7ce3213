import { contentDisposition } from '~/lib/content-disposition';
import { openDownload } from './file';
import type { Keys } from './format';

/**
 * An encrypted file's download, decrypted as a stream by the service worker (docs/encryption.md
 * "Files", as Send does): the page gives the worker the share's keys (CryptoKeys, which it cannot
 * export, sent by postMessage) with the download's address and the real name, then opens
 * SEALED_DOWNLOAD_PATH/<id> in a hidden frame. The worker fetches the ciphertext and answers the
 * plaintext record by record as an attachment: the browser saves it without any page holding it.
 * Shared by the page (SealedFile.tsx) and the worker (app/sw.ts).
 */

export const SEALED_DOWNLOAD_PATH = '/_sealed-download/';
export const SEALED_DOWNLOAD_MESSAGE = 'cloudclip:sealed-download';

export interface SealedDownload {
  id: string;
  /** The ciphertext (header and records): /api/file-download/<slug>?grant=… */
  url: string;
  keys: Keys;
  name: string;
  /** Plaintext bytes. */
  size: number;
}

/** A download the worker was told of is fetched within this long, or forgotten. */
export const WAIT_MS = 60_000;
const waiting = new Map<string, SealedDownload & { at: number }>();

export async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
}

/** The worker's side: a download the page is about to open. */
export function expectDownload(download: SealedDownload): void {
  const now = Date.now();
  for (const [id, old] of waiting) if (now - old.at > WAIT_MS) waiting.delete(id);
  waiting.set(download.id, { ...download, at: now });
}

export const isSealedDownload = (url: URL) => url.pathname.startsWith(SEALED_DOWNLOAD_PATH);

/**
 * The worker's answer to SEALED_DOWNLOAD_PATH/<id>: the plaintext, opened as the ciphertext
 * arrives. A record that does not open ends the stream with an error, so the browser marks the
 * download failed instead of saving a cut or damaged file.
 */
export async function sealedDownloadResponse(url: URL): Promise<Response> {
  const id = url.pathname.slice(SEALED_DOWNLOAD_PATH.length);
  const download = waiting.get(id);
  waiting.delete(id);
  if (!download) return new Response('This download has expired: open the file page again.', { status: 404 });
  const answer = await fetch(download.url, { credentials: 'same-origin' });
  if (!answer.ok || !answer.body) return new Response(null, { status: answer.status });
  const plain = openDownload(download.keys, chunksOf(answer.body));
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await plain.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await plain.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition('attachment', download.name),
      'Content-Length': String(download.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
