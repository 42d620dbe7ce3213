import { AppError } from '~/lib/errors';
import { logOf } from '~/log.server';
import { thumbnailPlaceholder, type ThumbnailResult } from '~/models/thumbnails/engine.server';

/** What a thumbnail request answers: always a WebP (the thumbnail, or a neutral placeholder), never a 500. */
export interface ThumbnailAnswer {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The answer of both thumbnail doors (the file list's, a folder share gallery's): the image with a
 * day of private caching; otherwise the placeholder with a 4xx status, kept only when there will
 * never be a thumbnail (storage may answer again shortly). X-Content-Type-Options: nosniff comes
 * with every response (app/http/express.server.ts).
 */
export async function thumbnailAnswer(make: () => Promise<ThumbnailResult>, what: string): Promise<ThumbnailAnswer> {
  let status = 404;
  let cache = 'private, max-age=86400';
  try {
    const result = await make();
    if (result.ok) return answer(200, result.data, cache);
    if (result.reason !== 'none') cache = 'no-store';
  } catch (error) {
    if (!(error instanceof AppError)) logOf().error({ err: error }, `Thumbnail ${what} failed`);
    status = error instanceof AppError && error.status < 500 ? error.status : 404;
    cache = 'no-store';
  }
  return answer(status, await thumbnailPlaceholder().catch(() => Buffer.alloc(0)), cache);
}

const answer = (status: number, body: Buffer, cache: string): ThumbnailAnswer => ({
  status,
  body,
  headers: { 'Content-Type': 'image/webp', 'Cache-Control': cache, 'Content-Length': String(body.length) },
});
