import { principalContext, servicesContext } from '~/context';
import { AppError } from '~/lib/errors';
import { getThumbnail, thumbnailPlaceholder } from '~/models/shares/thumbnails.server';
import type { Route } from './+types/file-thumbnail';
import { logOf } from '~/log.server';
import { answersFaults } from '~/http/html/faults.server';

// X-Content-Type-Options: nosniff comes with every response (app/http/express.server.ts).
const COMMON = { 'Content-Type': 'image/webp' } as const;

/**
 * GET /admin/file-management/thumbnail/:id — a resource route under the admin layout (its guard
 * middleware runs first). The owner or an admin gets a 160 px WebP; every case without one (not an
 * image, undecodable, missing, not theirs) gets a neutral placeholder with a 4xx status, never a 500.
 */
export const loader = answersFaults(async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  let status = 404;
  let cache = 'private, max-age=86400';
  try {
    const result = await getThumbnail(services, context.get(principalContext), params.id);
    if (result.ok) {
      return new Response(new Uint8Array(result.data), {
        headers: { ...COMMON, 'Cache-Control': 'private, max-age=86400', 'Content-Length': String(result.data.length) },
      });
    }
    // Storage may answer again shortly: do not let the browser keep the placeholder.
    if (result.reason !== 'none') cache = 'no-store';
  } catch (error) {
    if (!(error instanceof AppError)) logOf().error({ err: error }, `Thumbnail ${params.id} failed`);
    status = error instanceof AppError && error.status < 500 ? error.status : 404;
    cache = 'no-store';
  }
  const body = await thumbnailPlaceholder().catch(() => Buffer.alloc(0));
  return new Response(new Uint8Array(body), {
    status,
    headers: { ...COMMON, 'Cache-Control': cache, 'Content-Length': String(body.length) },
  });
});
