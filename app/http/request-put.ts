import type { RequestHandler } from 'express';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { receiveFile } from '~/models/requests/receive.server';
import type { Services } from '~/services.server';
import { sendPlainError } from './api/plain-errors';
import { declaredLength, noteOf, requestAccess } from './api/request-headers';
import { plainLocale } from './request-locale.server';
import { requestBody } from './request-body';

/**
 * `curl -T file https://host/r/{slug}/` (curl adds the file's name): one file sent to an upload
 * request, answered in plain text in the caller's language (docs/api-extensions.md §9). Only PUT
 * with exactly a slug and a name; everything else under /r goes on to the page.
 */
export function requestPutDoor(services: Services): RequestHandler {
  return async (req, res, next) => {
    const match = req.method === 'PUT' ? /^\/r\/([^/]+)\/([^/]+)$/.exec(req.path) : null;
    if (!match) return next();
    const body = requestBody(req);
    try {
      let slug: string;
      let name: string;
      try {
        [slug, name] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
      } catch {
        throw new AppError('invalid', 'invalidInput');
      }
      const received = await receiveFile(services, slug, requestAccess(req), {
        name,
        body,
        size: declaredLength(req),
        note: noteOf(req),
      });
      const locale = await plainLocale(req);
      const said = translate(locale, 'errors.requestFileReceived');
      res.type('text/plain; charset=utf-8').send(`${said}: ${received.name} (${formatBytes(received.size)})\n`);
    } catch (error) {
      await sendPlainError(req, res, error).catch(next);
    }
  };
}
