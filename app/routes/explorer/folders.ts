import { principalContext, servicesContext } from '~/context';
import { errorMessage } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { AppError } from '~/lib/errors';
import { pathOfSplat } from '~/lib/explorer';
import { listFolders } from '~/models/fs/folders.server';
import type { Route } from './+types/folders';

/**
 * GET /mount-folders/<folder>[?for=upload]: the folders in a folder, as JSON, for the folder picker's lazy
 * tree (components/explorer/FolderPicker.tsx). The session authorises it, as it does the explorer.
 */
export const loader = answersFaults(async function loader({ params, request, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  try {
    const folders = await listFolders(
      context.get(servicesContext),
      context.get(principalContext),
      pathOfSplat(params['*']),
      // `?for=upload`: an upload request's folder, which needs the upload right rather than copy.
      new URL(request.url).searchParams.get('for') === 'upload' ? 'upload' : 'copy',
    );
    return Response.json({ folders }, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Response.json({ error: errorMessage(error, getLocale(context)) }, { status: error.status, headers });
  }
});
