import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { sharexUploader } from '~/lib/api-recipes';
import { answersFaults } from '~/http/html/faults.server';
import { ownApiKeySecret } from '~/models/accounts/api-keys.server';
import type { Route } from './+types/sharex';

/** The ShareX uploader of the logged-in key, as a file to open; anyone else is sent to the page. */
export const loader = answersFaults(async function loader({ context }: Route.LoaderArgs) {
  const key = await ownApiKeySecret(context.get(servicesContext), context.get(principalContext));
  if (!key) return Response.redirect(new URL('/api-docs', context.get(requestInfoContext).linkOrigin), 303);
  return new Response(JSON.stringify(sharexUploader(context.get(requestInfoContext).linkOrigin, key), null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="cloudclip.sxcu"',
      'Cache-Control': 'private, no-store',
    },
  });
});
