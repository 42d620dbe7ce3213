import type { Request, RequestHandler } from 'express';
import { translate } from '~/i18n/translate';
import { plainLocale } from '../request-locale.server';

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A page sent with `Referrer-Policy: no-referrer` (the pages that hold an end-to-end key, decision
 * 0030) posts its forms with `Origin: null`, which React Router's cross-site check refuses. The
 * browser still says where the form came from in Sec-Fetch-Site, a header no page can set: a form
 * of this site's own is given back the origin the browser withheld. Anything else is left as sent.
 */
function vouchForOwnForm(req: Request): void {
  if (req.get('origin') === 'null' && req.get('sec-fetch-site') === 'same-origin')
    req.headers.origin = `${req.protocol}://${req.get('host')}`;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * What pages accept, checked before React Router sees a request: a path that decodes; GET and HEAD, and POST with a form
 * body (every page action reads `request.formData()`). Other methods answer 405 and other bodies
 * 415, in the visitor's language, instead of an action failing on a body it cannot read.
 */
export const pageRequestGuard: RequestHandler = async (req, res, next) => {
  const refuse = async (status: number, key: string) => {
    res
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(translate(await plainLocale(req), `errors.${key}`));
  };
  try {
    // A path whose escapes do not decode ("/paste/%E4%B") names no page: 400, as /api and /dav answer.
    if (!decodes(req.path)) return await refuse(400, 'pathMalformed');
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      return await refuse(405, 'methodNotAllowed');
    }
    if (!FORM_TYPES.test(req.get('content-type') ?? '')) return await refuse(415, 'formBodyRequired');
    vouchForOwnForm(req);
    next();
  } catch (error) {
    next(error);
  }
};
