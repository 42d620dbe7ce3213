import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { finished } from 'node:stream/promises';
import { eachFormFile, parseUpload, type FormFile, type ParsedUpload } from '~/http/multipart.server';
import { AppError } from '~/lib/errors';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import type { Services } from '~/services.server';

/** How long a failed upload's remaining bytes are read (and dropped) so the browser sees the answer. */
const DRAIN_MS = 60_000;

/**
 * Reads and drops what is left of a request body. A browser still sending a file when the answer
 * comes would otherwise show a connection error instead of the page with the message.
 */
async function drain(body: Readable): Promise<void> {
  if (body.readableEnded || body.destroyed) return;
  body.unpipe();
  body.resume();
  const timer = setTimeout(() => body.destroy(), DRAIN_MS);
  await finished(body).catch(() => undefined);
  clearTimeout(timer);
}

/**
 * A page's multipart upload form (its fields first, one file last), streamed into `handle` through
 * parseUpload: never held whole in memory. `refuse` runs before a byte is read (a caller who may
 * not upload at all). Whatever happens, the spool file goes, and a body left half-read is drained
 * so the browser sees the answer.
 */
export async function withFormUpload<T>(
  services: Services,
  request: Request,
  handle: (parsed: ParsedUpload & { filename: string }) => Promise<T>,
  refuse?: () => void,
): Promise<T> {
  const body = request.body ? Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>) : null;
  // A client that leaves while the checks below are awaited fails the body before parseUpload
  // reads it (which it then hears, with pipeline): unheard, that 'error' ended the process.
  body?.on('error', () => undefined);
  try {
    refuse?.();
    if (!body) throw new AppError('invalid', 'fileRequired');
    const spoolDir = path.join(services.config.dataDir, 'tmp');
    await fsp.mkdir(spoolDir, { recursive: true });
    const parsed = await parseUpload(Object.fromEntries(request.headers), body, {
      dir: spoolDir,
      maxBytes: await maxUploadBytes(services),
    });
    try {
      if (!parsed.filename) throw new AppError('invalid', 'fileRequired');
      return await handle(parsed);
    } catch (error) {
      parsed.body.destroy();
      throw error;
    } finally {
      await parsed.cleanup();
    }
  } catch (error) {
    if (body) await drain(body);
    throw error;
  }
}

/** Files one form post may carry (a visitor's pick of photos, not a whole disk). */
const MAX_FORM_FILES = 100;

/**
 * A page's multipart form with several files (`<input type="file" multiple>`, fields first): each
 * file streams into `handle` in turn, none held whole or spooled. Answers what `handle` answered,
 * file by file; a failure stops there (the files before it stay handled) and the rest of the body
 * is drained so the browser sees the answer.
 */
export async function withFormFiles<T>(request: Request, handle: (file: FormFile) => Promise<T>): Promise<T[]> {
  const body = request.body ? Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>) : null;
  body?.on('error', () => undefined);
  const handled: T[] = [];
  try {
    if (!body) throw new AppError('invalid', 'fileRequired');
    const count = await eachFormFile(Object.fromEntries(request.headers), body, MAX_FORM_FILES, async (file) => {
      handled.push(await handle(file));
    });
    if (count === 0) throw new AppError('invalid', 'fileRequired');
    return handled;
  } catch (error) {
    if (body) await drain(body);
    throw error;
  }
}
