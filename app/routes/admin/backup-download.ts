import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { redirect } from 'react-router';
import { principalContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { contentDisposition } from '~/lib/content-disposition';
import { AppError } from '~/lib/errors';
import { BACKUP_READY_COOKIE, BACKUP_TOKEN } from '~/lib/backup-schedule';
import { backupForDownload } from '~/models/backup/download.server';
import type { Route } from './+types/backup-download';

/**
 * POST /admin/backups/download — the backup form's action, a resource route under the admin
 * layout: the backup, made with the passphrase given, streamed as an attachment and removed once
 * sent. A mistake goes back to the page with its reason; a visitor who may not back up, to the page
 * (its login form, or the admin guard's way out).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const passphrase = String(form.get('passphrase') ?? '');
  const token = String(form.get('token') ?? '');
  // Typed twice (issue 42, item 14): a typo would make the backup unrestorable.
  if (form.has('passphrase_again') && form.get('passphrase_again') !== passphrase)
    return redirect('/admin/backups?error=backupPassphraseMismatch');
  let made;
  try {
    made = await backupForDownload(context.get(servicesContext), context.get(principalContext), passphrase);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Not logged in, or not an admin: the page says so (the login form, or the admin guard's way out).
    if (error.kind !== 'invalid') return redirect('/admin/backups');
    return redirect(`/admin/backups?error=${encodeURIComponent(error.messageKey)}`);
  }
  const file = createReadStream(made.file);
  file.once('close', () => void made.remove());
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(made.size),
      'Content-Disposition': contentDisposition('attachment', made.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // The page that asked sees the download has begun (BackupDownloadForm); no token, no cookie.
      ...(BACKUP_TOKEN.test(token) && {
        'Set-Cookie': `${BACKUP_READY_COOKIE}=${token}; Path=/admin/backups; Max-Age=120; SameSite=Strict`,
      }),
    },
  });
});
