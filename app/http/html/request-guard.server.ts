import type { RequestHandler } from 'express';
import { translate } from '~/i18n/translate';
import { plainLocale } from '../request-locale.server';

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * What pages accept, checked before React Router sees a request: GET and HEAD, and POST with a form
 * body (every page action reads `request.formData()`). Other methods answer 405 and other bodies
 * 415, in the visitor's language, instead of an action failing on a body it cannot read.
 */
export const pageRequestGuard: RequestHandler = async (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const refuse = async (status: number, key: string) => {
    res
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(translate(await plainLocale(req), `errors.${key}`));
  };
  try {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      return await refuse(405, 'methodNotAllowed');
    }
    if (!FORM_TYPES.test(req.get('content-type') ?? '')) return await refuse(415, 'formBodyRequired');
    next();
  } catch (error) {
    next(error);
  }
};
