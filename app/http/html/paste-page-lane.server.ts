import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import { RouterContextProvider } from 'react-router';
import { openedPasteContext, requestInfoContext, servicesContext, type RequestInfo } from '~/context';
import { detectLocale } from '~/i18n/middleware.server';
import { Lru } from '~/lib/lru';
import { pasteTitleOf } from '~/lib/meta';
import { openOpenPastePage } from '~/models/pastes/page-view.server';
import type { Services } from '~/services.server';
import { getTheme } from '~/theme.server';
import { SESSION_COOKIE } from '~/auth/session-cookie.server';
import { encodeBody, encodingFor } from '../compress.server';
import { compressOffThread } from '../compress-worker.server';
import type { PageTemplate } from './page-template.server';
import { VISIT_COOKIE, visitHeaders } from './paste-visit.server';
import {
  compilePastePage,
  sentinelPaste,
  shapeKey,
  shapeOf,
  valuesOf,
  type HoleName,
  type Shape,
} from './paste-page-template.server';

/** React Router's handler of a Fetch request (react-router's createRequestHandler). */
export type RenderPage = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** Slugs are [A-Za-z0-9_-] (docs/product/api.md §1.10); with a query (`?view=plain`) the route answers. */
const PAGE = /^\/paste\/([\w-]{1,128})$/;
/** A browser session or a visit of this paste: the page is not the one every anonymous visitor gets. */
const PERSONAL = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${VISIT_COOKIE})=`);

interface Template {
  page: PageTemplate<HoleName>;
  headers: [string, string][];
}

/**
 * The paste page as every anonymous visitor gets it, filled into a template instead of rendered
 * (docs/architecture.md §13): React Router renders the page once per language, theme, link origin
 * and shape of paste (page-template.server.ts), with sentinel values, and each view fills in its
 * paste. A view costs the model's one statement, a string join and compression, where rendering
 * costs several milliseconds — the long tail of pastes, each opened a few times, gains as much as
 * one paste opened by a crowd.
 *
 * Only a first GET of `/paste/{slug}` by a person without a session or a visit of it, of a paste
 * the model shows at once (`openOpenPastePage`: no password, no view limit, unexpired; it counts
 * the view and issues the visit). Anything else goes to the route with nothing counted; a paste
 * counted here whose page cannot be filled (a shape the template does not know) goes to the route
 * with its opened page, which the loader shows instead of opening it again.
 */
export function pastePageLane(
  services: Services,
  render: RenderPage,
  requestInfo: (req: ExpressRequest) => RequestInfo,
) {
  const templates = new Lru<Promise<Template | null>>(256);
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET') return next();
    const slug = PAGE.exec(req.url)?.[1];
    if (!slug || PERSONAL.test(req.get('cookie') ?? '') || isbot(req.get('user-agent'))) return next();
    answer(req, res, slug).then((answered) => answered || next(), next);
  };

  async function answer(req: ExpressRequest, res: ExpressResponse, slug: string): Promise<boolean> {
    const opened = await openOpenPastePage(services, slug).catch(() => null);
    if (!opened) return false;
    const title = pasteTitleOf(opened.paste.remark, opened.paste.content);
    const shape = shapeOf(opened.paste, title);
    const headers = { get: (name: string) => req.get(name) ?? null };
    const info = requestInfo(req);
    const locale = await detectLocale({ headers });
    const theme = await getTheme({ headers });
    const key = [locale, theme, info.linkOrigin, new Date().getUTCFullYear(), shape && shapeKey(shape)].join('|');
    const template = shape && (await templates.getOrSet(key, () => build(req, info, shape, locale)));
    if (!template) {
      res.locals.openedPaste = opened;
      return false;
    }
    const page = template.page.fill(valuesOf(opened.paste, title, locale));
    await send(req, res, template, page, await visitHeaders(slug, opened.visit, null, info.secure));
    return true;
  }

  /** The page of a shape, rendered by React Router with sentinel values and compiled; null if it cannot be. */
  async function build(req: ExpressRequest, info: RequestInfo, shape: Shape, locale: string): Promise<Template | null> {
    try {
      const paste = sentinelPaste(shape);
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestInfoContext, info);
      context.set(openedPasteContext, { state: 'shown', paste, visit: null });
      // What the page is rendered by: its language and theme come from these headers.
      const headers = ['cookie', 'accept-language', 'user-agent'].flatMap((name) => {
        const value = req.get(name);
        return value ? [[name, value] as [string, string]] : [];
      });
      const request = new Request(`${req.protocol}://${req.get('host')}/paste/${paste.slug}`, { headers });
      const response = await render(request, context);
      if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) {
        throw new Error(`the page answered ${response.status}`);
      }
      return {
        page: compilePastePage(await response.text(), shape, locale),
        headers: [...response.headers].filter(([name]) => !/^(set-cookie|content-length)$/i.test(name)),
      };
    } catch (error) {
      services.log.warn({ err: error, shape }, 'Paste page lane: no template for this shape; the route renders it');
      return null;
    }
  }
  return handler;
}

async function send(
  req: ExpressRequest,
  res: ExpressResponse,
  template: Template,
  page: Buffer,
  visit: { 'Set-Cookie': string } | undefined,
) {
  const encoding = encodingFor(req.get('accept-encoding'));
  const body =
    encoding === 'identity'
      ? page
      : // A compressor that failed leaves the page to the usual settings, on this thread.
        await compressOffThread(encoding, page).catch(() => encodeBody(encoding, page));
  for (const [name, value] of template.headers) res.setHeader(name, value);
  if (visit) res.setHeader('Set-Cookie', visit['Set-Cookie']);
  res.setHeader('Vary', 'Accept-Encoding');
  // Says which way the page was made, for whoever looks into a slow or odd page (and the tests).
  res.setHeader('Server-Timing', 'page;desc="template"');
  res.setHeader('Content-Length', String(body.length));
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(body);
}
