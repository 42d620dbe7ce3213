import { principalContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { thumbnailAnswer } from '~/http/thumbnail-answer.server';
import { getThumbnail } from '~/models/shares/visit/thumbnails.server';
import type { Route } from './+types/file-thumbnail';

/**
 * GET /admin/file-management/thumbnail/:id — a resource route under the admin layout (its guard
 * middleware runs first). The owner or an admin gets a 160 px WebP; every case without one (not an
 * image, undecodable, missing, not theirs) gets a neutral placeholder with a 4xx status, never a 500.
 */
export const loader = answersFaults(async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { status, body, headers } = await thumbnailAnswer(
    () => getThumbnail(services, context.get(principalContext), params.id),
    params.id,
  );
  return new Response(new Uint8Array(body), { status, headers });
});
