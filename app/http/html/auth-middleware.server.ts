import { data, type MiddlewareFunction } from 'react-router';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { resolveSession } from '~/models/accounts/sessions.server';
import { isSameOriginRequest } from '~/auth/same-origin';
import { readSessionToken } from '~/auth/session-cookie.server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Root middleware of the HTML door: refuses cross-site form posts (CSRF), then resolves the browser
 * session into the principal every loader and action reads.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const info = context.get(requestInfoContext);
  if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request.headers, info.ownOrigins)) {
    throw data({ messageKey: 'crossSite' }, { status: 403 });
  }
  const token = await readSessionToken(request.headers.get('cookie'));
  if (token) {
    const principal = await resolveSession(context.get(servicesContext), token);
    if (principal) context.set(principalContext, principal);
  }
  return next();
};
