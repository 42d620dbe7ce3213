import type { IncomingMessage, ServerResponse } from 'node:http';
import { fastView } from '~/models/pastes/reads.server';
import { inRequestScope } from '~/models/request-scope.server';
import type { PasteView } from '~/models/pastes/types';
import type { Services } from '~/services.server';
import { answerJson, laneScope } from './lanes';
import { presentUnlockedView } from './presenters/pastes';

/** Slugs are [A-Za-z0-9_-] (docs/product/api.md §1.10): anything else takes the ordinary route. */
const PASTE_VIEW = /^\/api\/paste\/([\w-]{1,128})(?:\?.*)?$/;

/**
 * GET /api/paste/{slug} of an open paste, answered before Express (docs/architecture.md §13): the
 * read every API client of a link makes, where Express's two apps, routers and middleware cost
 * several times the work itself (bench/pastes.bench.mjs, "API view"). It makes the one synchronous
 * model call the route makes first (`fastView`); whatever that does not answer — a password, the
 * last allowed view, an unknown or expired slug, a busy database — goes on to Express with nothing
 * counted. The answer is the route's: same JSON, security and CORS headers, compression.
 * Returns whether it answered: at once on SQLite, through a promise on PostgreSQL.
 */
export function pasteViewLane(services: Services) {
  return (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    if (req.method !== 'GET') return false;
    const slug = PASTE_VIEW.exec(req.url ?? '')?.[1];
    if (!slug) return false;
    // The statistics read who asked and from where (models/stats): the scope Express would give it.
    const scope = laneScope(req, res, null);
    const found = inRequestScope(scope, () => fastView(services, slug));
    return found instanceof Promise ? found.then((paste) => answer(req, res, paste)) : answer(req, res, found);
  };
}

function answer(req: IncomingMessage, res: ServerResponse, paste: PasteView | null): boolean {
  if (!paste) return false;
  answerJson(req, res, 200, presentUnlockedView(paste));
  return true;
}
