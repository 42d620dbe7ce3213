import { data, redirect } from 'react-router';
import { pageAccess } from '~/auth/operations';
import { CreatePasteForm } from '~/components/paste/CreatePasteForm';
import { AccessNotice } from '~/components/ui/AccessNotice';
import { principalContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { KEY_MAKING_PAGE_HEADERS } from '~/http/html/strict-csp';
import { useTranslation } from '~/i18n/use-translation';
import { pageTitle } from '~/lib/meta';
import { pasteOfShared, SHARED_FILES_PAGE, SHARED_TEXT_PAGE, sharedFromForm } from '~/lib/pwa/share-inbox';
import type { Route } from './+types/share-target';

/**
 * The manifest's share target when no service worker takes the POST (the worker keeps shares
 * offline: app/lib/pwa/share-inbox.ts). Text and links open the paste editor filled in, on this
 * address, posting to the home route's action like the editor there. Files cannot be handed to a
 * page from here: the upload page opens, to choose them there.
 */

/** A share sheet's text fits easily; a bigger body carries files. */
const TEXT_SHARE_BYTES = 1024 * 1024;

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.home.title');

/** Who may use the editor (after the action too: React Router runs the loader again, as a GET). */
export const loader = answersFaults(async ({ context }: Route.LoaderArgs) =>
  data(
    { access: pageAccess(context.get(principalContext), 'paste.create') },
    { headers: { 'Cache-Control': 'private, no-store', ...KEY_MAKING_PAGE_HEADERS } },
  ),
);

export const action = answersFaults(async function action({ request }: Route.ActionArgs) {
  if (!(Number(request.headers.get('content-length')) <= TEXT_SHARE_BYTES)) return redirect(SHARED_FILES_PAGE);
  const item = sharedFromForm(await request.formData());
  if (!item) return redirect(SHARED_TEXT_PAGE);
  if (item.files.length) return redirect(SHARED_FILES_PAGE);
  return { paste: pasteOfShared(item) };
});

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Opened by its address (nothing shared), it is the editor, blank. */
export default function SharedText({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('pages.home.heading')}
      </h1>
      {loaderData.access === 'allowed' ? (
        <>
          {actionData && <p role="status">{t('pwa.shared.pasteReady')}</p>}
          <CreatePasteForm values={actionData?.paste} />
        </>
      ) : (
        <AccessNotice reason={loaderData.access} keyPrefix="paste.access" returnTo={SHARED_TEXT_PAGE} />
      )}
    </section>
  );
}
