import { isbot } from 'isbot';
import { createContext, type MiddlewareFunction } from 'react-router';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { getLocale } from '~/i18n/middleware.server';
import { Lru } from '~/lib/lru';
import { openPastePage, type PastePageView } from '~/models/pastes/page-view.server';
import { getTheme } from '~/theme.server';
import { encodeBody, encodingFor, type Encoding } from '~/http/compress.server';
import { readVisit, visitHeaders } from './paste-visit.server';

/** How long a rendered page is served again: the views figure on it may be this much behind. */
const FRESH_MS = 1000;

interface Rendered {
  /** The page in each encoding asked for so far; `identity` is the page as rendered. */
  bodies: Partial<Record<Encoding, Buffer<ArrayBuffer>>>;
  headers: [string, string][];
  at: number;
}

/**
 * The page as this client accepts it, compressed once per rendering rather than once per answer
 * (app/http/compress.server.ts leaves an answer that already has an encoding alone).
 */
function answer(rendered: Rendered, request: Request, setCookies: string[]): Response {
  const encoding = encodingFor(request.headers.get('accept-encoding'));
  const page = rendered.bodies.identity!;
  const body = (rendered.bodies[encoding] ??= encoding === 'identity' ? page : encodeBody(encoding, page));
  const headers = new Headers(rendered.headers);
  headers.set('Content-Length', String(body.length));
  headers.set('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return new Response(body, { status: 200, headers });
}

const pages = new Lru<Rendered>(256);

/**
 * The paste page as the middleware below opened it (view counted, visit issued): the loader shows
 * this instead of opening the page a second time, which would count a second view.
 */
export const openedPasteContext = createContext<PastePageView | null>(null);

/** Only the page every recipient of a link gets: a first GET, anonymous, by a person. */
function cacheable(request: Request, url: URL, anonymous: boolean): boolean {
  if (request.method !== 'GET' || !anonymous || url.pathname.endsWith('.data')) return false;
  if (url.search !== '' && url.search !== '?view=plain') return false;
  return !isbot(request.headers.get('user-agent'));
}

/**
 * A one-second cache of the paste page as an anonymous visitor sees it (docs/architecture.md §13).
 * Rendering the page costs milliseconds of CPU; a link posted to a busy chat is opened by many
 * people at once, and every one of them still counts a view (the model does that first, in one
 * statement) and gets their own visit cookie, but within a second they share one rendering. Only
 * pastes the model shows at once (no password, no view limit) qualify, keyed by their id and edit
 * time and everything else the page depends on: language, theme, address and link origin. The
 * views figure shown may be up to a second behind; the count itself is exact.
 */
export const pastePageCache: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const url = new URL(request.url);
  if (!cacheable(request, url, context.get(principalContext).kind === 'anonymous')) return next();
  if (await readVisit(request)) return next();
  const slug = params.slug ?? '';
  let opened: PastePageView;
  try {
    opened = await openPastePage(context.get(servicesContext), slug, { visit: null, passive: false });
  } catch {
    return next(); // unknown, gone or a fault: the loader looks again and answers the right page
  }
  context.set(openedPasteContext, opened);
  if (opened.state !== 'shown' || opened.paste.hasPassword || opened.paste.maxViews !== null) return next();

  const { linkOrigin, secure } = context.get(requestInfoContext);
  const key = [
    opened.paste.id,
    opened.paste.updatedAt.getTime(),
    getLocale(context),
    await getTheme(request),
    url.pathname + url.search,
    linkOrigin,
  ].join('\0');
  const hit = pages.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) {
    const visit = await visitHeaders(slug, opened.visit, null, secure);
    return answer(hit, request, visit ? [visit['Set-Cookie']] : []);
  }
  // Rendered now: the page's own answer carries this visitor's visit cookie.
  const response = await next();
  if (response.status !== 200 || !response.headers.get('Content-Type')?.startsWith('text/html')) return response;
  const rendered: Rendered = {
    bodies: { identity: Buffer.from(await response.arrayBuffer()) },
    headers: [...response.headers].filter(([name]) => !/^(set-cookie|content-length)$/i.test(name)),
    at: Date.now(),
  };
  pages.set(key, rendered);
  return answer(rendered, request, response.headers.getSetCookie());
};
