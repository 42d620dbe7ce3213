import { useTranslation } from '~/i18n/use-translation';
import { data, redirect } from 'react-router';
import { pageAccess } from '~/auth/operations';
import { AccessNotice } from '~/components/ui/AccessNotice';
import { CreatePasteForm } from '~/components/paste/CreatePasteForm';
import { ShareResult, type CreatedPaste } from '~/components/paste/ShareResult';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { pageTitle } from '~/lib/meta';
import { createInputFromForm, pasteFormValues } from '~/lib/paste-form';
import { createPasteSchema } from '~/lib/schemas/pastes';
import { createPaste, getPasteForOwner } from '~/models/pastes/pastes.server';
import { qrCodeHref } from '~/http/html/share-links.server';
import { pasteLinks } from '~/lib/share-links';
import { sealedHeaderOf } from '~/lib/e2e/paste';
import { KEY_MAKING_PAGE_HEADERS } from '~/http/html/strict-csp';
import type { Route } from './+types/home';
import { answersFaults } from '~/http/html/faults.server';
import { useSharedPaste } from '~/components/pwa/use-shared-inbox';
import { SharedWaitingNotice } from '~/components/pwa/SharedWaitingNotice';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.home.title');

/** What the home page says after a redirect to it: a share deleted, or a log-out. */
const NOTICE_TEXT = {
  deleted: 'paste.deletedNotice',
  fileDeleted: 'file.delete.done',
  loggedOut: 'auth.loggedOut',
  notFound: 'pages.notFound.redirected',
} as const;

/**
 * `?created=<id>` shows the share box of a paste just made (post/redirect/get: reloading does not
 * create it twice); only its creator or an admin can open it. `?notice=` follows a delete or a log-out.
 */

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  const url = new URL(request.url);
  const access = pageAccess(principal, 'paste.create');
  const asked = url.searchParams.get('notice') ?? '';
  const notice = Object.hasOwn(NOTICE_TEXT, asked) ? (asked as keyof typeof NOTICE_TEXT) : null;
  const createdId = url.searchParams.get('created');
  let created: CreatedPaste | null = null;
  if (createdId && access === 'allowed') {
    const services = context.get(servicesContext);
    try {
      const paste = await getPasteForOwner(services, principal, { id: createdId });
      const links = pasteLinks(context.get(requestInfoContext).linkOrigin, paste.slug, paste.plainPassword);
      created = {
        slug: paste.slug,
        hasPassword: paste.hasPassword,
        expiresAt: paste.expiresAt?.toISOString() ?? null,
        maxViews: paste.maxViews,
        links,
        qr: qrCodeHref(links.page),
        sealedHeader: paste.encrypted ? sealedHeaderOf(paste.content) : null,
      };
    } catch (error) {
      // Gone already, or not this visitor's: show the empty form.
      if (!(error instanceof AppError)) throw error;
    }
  }
  // The share box carries the links with the password in them: never kept by a cache (the service
  // worker keeps pages for offline reading unless they say no-store, docs/architecture.md §11).
  // The page makes end-to-end keys (use-sealed-create.ts): it runs under the strict policy
  // (decision 0030).
  const noStore: Record<string, string> = created ? { 'Cache-Control': 'private, no-store' } : {};
  return data({ access, created, notice }, { headers: { ...noStore, ...KEY_MAKING_PAGE_HEADERS } });
});

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = pasteFormValues(form);
  const locale = getLocale(context);
  try {
    const converted = createInputFromForm(form);
    if (!converted.ok) {
      const message = translate(locale, `paste.form.${converted.problem}`);
      return data({ formError: message, fieldErrors: { [converted.field]: message }, values }, { status: 400 });
    }
    const input = createPasteSchema.parse(converted.input);
    const paste = await createPaste(context.get(servicesContext), context.get(principalContext), input);
    return redirect(`/?created=${encodeURIComponent(paste.id)}`);
  } catch (error) {
    return formError(error, locale, { values });
  }
});

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { access, created, notice } = loaderData;
  // Text shared from another app (the manifest's share target) fills the editor.
  const shared = useSharedPaste(access === 'allowed' && !created && !actionData);
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.home.heading')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('pages.home.intro')}</p>
      </header>
      {notice && <FormAlert tone={notice === 'notFound' ? 'warning' : 'success'}>{t(NOTICE_TEXT[notice])}</FormAlert>}
      {access !== 'allowed' ? (
        <>
          <SharedWaitingNotice kind="text" />
          <AccessNotice reason={access} keyPrefix="paste.access" returnTo="/" />
        </>
      ) : created ? (
        <ShareResult key={created.slug} paste={created} />
      ) : (
        <>
          {shared && <FormAlert tone="success">{t('pwa.shared.pasteReady')}</FormAlert>}
          <CreatePasteForm
            key={shared ? 'shared' : 'blank'}
            values={actionData?.values ?? shared ?? undefined}
            formError={actionData?.formError}
            fieldErrors={actionData?.fieldErrors}
          />
        </>
      )}
    </section>
  );
}
