import { Readable } from 'node:stream';
import { principalContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { contentDisposition } from '~/lib/content-disposition';
import { openStoredBackup } from '~/models/backup/stored.server';
import type { Route } from './+types/backup-stored';

/**
 * GET /admin/backups/stored/:name — a scheduled backup from its folder (decision 0032 "Schedule"),
 * to the admin, as an attachment: the way to a file `npm run restore` reads when the backups live
 * on S3 under the prefix no mount reaches. Anyone else gets the status page.
 */
export const loader = answersFaults(async function loader({ params, context }: Route.LoaderArgs) {
  let object;
  try {
    object = await openStoredBackup(context.get(servicesContext), context.get(principalContext), params.name);
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
    const message = translate(getLocale(context), `errors.${error.messageKey}`);
    throw new Response(message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(Readable.toWeb(object.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition('attachment', params.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
