import { requestInfoContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { qrCodeSvg } from '~/http/html/share-links.server';
import type { Route } from './+types/qr';

/** The longest link drawn: a share link with a custom suffix is far shorter. */
const MAX_URL = 2048;

/**
 * GET /qr.svg?u=<link>: the QR code a share card shows (share-links.server.ts qrCodeHref), drawn
 * when the browser asks for the image rather than with every page. Only links to this app's own
 * origin are drawn, so it is no QR service for anyone else's URLs; the image depends on the link
 * alone, so browsers keep it.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const link = new URL(request.url).searchParams.get('u') ?? '';
  const origin = context.get(requestInfoContext).linkOrigin;
  if (link.length > MAX_URL || !URL.canParse(link) || new URL(link).origin !== origin) {
    return new Response('Not a link to this site\n', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(await qrCodeSvg(link), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
});
