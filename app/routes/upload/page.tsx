import { sealedFileHeaderOf } from '~/lib/e2e/file';
import { QuotaSummary } from '~/components/keys/QuotaSummary';
import { largestUpload, ownQuota } from '~/models/quotas/quotas.server';
import { useTranslation } from '~/i18n/use-translation';
import { data, redirect } from 'react-router';
import { pageAccess } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { RecentUploads } from '~/components/upload/RecentUploads';
import { AccessNotice } from '~/components/ui/AccessNotice';
import { UploadForm } from '~/components/upload/UploadForm';
import { UploadResult } from '~/components/upload/UploadResult';
import { UploadTabs, type UploadTab } from '~/components/upload/UploadTabs';
import { UrlUploadForm, urlFieldOfError } from '~/components/upload/UrlUploadForm';
import { fieldOfError } from '~/components/upload/upload-form';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { pageTitle } from '~/lib/meta';
import { getOwnedFile } from '~/models/shares/manage/files-admin.server';
import { recentUploads } from '~/models/shares/manage/recent-uploads.server';
import { listStorageConfigs } from '~/models/storage/configs.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import type { Services } from '~/services.server';
import { fileLinksFor, qrCodeHref } from '~/http/html/share-links.server';
import { uploadFromForm, UploadFormProblem } from './upload.server';
import { uploadFromUrlForm, UrlFormProblem } from './url-form.server';
import type { Route } from './+types/page';
import { answersFaults } from '~/http/html/faults.server';
import { SharedWaitingNotice } from '~/components/pwa/SharedWaitingNotice';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.upload.title');

/** The share box can carry the password in its download link: never keep the page in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** The share box of a file just uploaded (post/redirect/get: a reload does not upload it twice). */
async function uploadedShare(origin: string, services: Services, principal: Principal, id: string) {
  try {
    const file = await getOwnedFile(services, principal, id);
    const links = fileLinksFor(origin, file.slug, file.plainPassword);
    return {
      slug: file.slug,
      filename: file.filename,
      size: file.size,
      hasPassword: file.hasPassword,
      expiresAt: file.expiresAt?.toISOString() ?? null,
      maxViews: file.maxViews,
      links,
      qr: qrCodeHref(links.page),
      sealedHeader: file.envelope === null ? null : sealedFileHeaderOf(file.envelope),
    };
  } catch (error) {
    // Gone already, or not this visitor's: show the empty form.
    if (!(error instanceof AppError)) throw error;
    return null;
  }
}

/** `?tab=url` opens the URL tab; `?uploaded=<id>` shows the share box of the file just uploaded. */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab: UploadTab = url.searchParams.get('tab') === 'url' ? 'url' : 'file';
  const principal = context.get(principalContext);
  const access = pageAccess(principal, 'file.upload');
  if (access !== 'allowed') return { tab, access, configs: [], maxBytes: 0, recent: [], uploaded: null, quota: null };
  const services = context.get(servicesContext);
  const uploadedId = url.searchParams.get('uploaded');
  const [configs, siteMax, recent, uploaded, quota] = await Promise.all([
    listStorageConfigs(services, principal),
    maxUploadBytes(services),
    recentUploads(services, principal),
    uploadedId ? uploadedShare(context.get(requestInfoContext).linkOrigin, services, principal, uploadedId) : null,
    // A key sees what is left of its quotas where it uploads (decision 0034).
    ownQuota(services, principal),
  ]);
  return {
    tab,
    access,
    configs: configs.map((c) => ({ id: c.id, name: c.name, provider: c.providerType, isDefault: c.isDefault })),
    // A key's own limits narrow the drop zone's "up to" (the quotas are shown above it too).
    maxBytes: largestUpload(siteMax, quota, { stored: true }),
    recent: recent.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
    })),
    uploaded,
    quota,
  };
});

/** The URL tab's form (intent "url", url-encoded): the server fetches the URL and stores it. */
async function urlAction({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const outcome = await uploadFromUrlForm(context.get(servicesContext), context.get(principalContext), request);
  if (outcome.ok) return redirect(`/upload?uploaded=${encodeURIComponent(outcome.file.id)}`);
  const { error, values } = outcome;
  if (error instanceof UrlFormProblem) {
    const message = translate(locale, error.messageKey);
    return data(
      { formError: message, fieldErrors: { [error.field]: message }, values, errorField: error.field },
      { status: 400 },
    );
  }
  const errorField = error instanceof AppError ? urlFieldOfError(error.messageKey) : undefined;
  return formError(error, locale, { values, errorField });
}

export const action = answersFaults(async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // The file form is multipart (streamed); the URL form is a small url-encoded one.
  if (request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) return urlAction(args);
  const locale = getLocale(context);
  const outcome = await uploadFromForm(context.get(servicesContext), context.get(principalContext), request);
  if (outcome.ok) return redirect(`/upload?uploaded=${encodeURIComponent(outcome.file.id)}`);
  const { error, values } = outcome;
  if (error instanceof UploadFormProblem) {
    const message = translate(locale, `upload.form.${error.problem}`);
    return data(
      { formError: message, fieldErrors: { [error.field]: message }, values, errorField: error.field },
      { status: 400 },
    );
  }
  const errorField = error instanceof AppError ? fieldOfError(error.messageKey) : undefined;
  return formError(error, locale, { values, errorField });
});

export default function UploadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, access, configs, maxBytes, recent, uploaded, quota } = loaderData;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.upload.heading')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('upload.intro')}</p>
        {quota && (
          <div className="mt-3">
            <QuotaSummary {...quota} />
          </div>
        )}
      </header>
      <UploadTabs current={tab} />
      <div className="space-y-8">
        {access !== 'allowed' ? (
          <>
            <SharedWaitingNotice kind="files" />
            <AccessNotice reason={access} keyPrefix="upload.access" returnTo="/upload" />
          </>
        ) : tab === 'url' && !uploaded ? (
          <UrlUploadForm
            configs={configs}
            values={actionData?.values}
            formError={actionData?.formError}
            fieldErrors={actionData?.fieldErrors}
            errorField={actionData?.errorField}
          />
        ) : uploaded ? (
          <UploadResult key={uploaded.slug} file={uploaded} />
        ) : (
          <UploadForm
            configs={configs}
            maxBytes={maxBytes}
            values={actionData?.values}
            formError={actionData?.formError}
            fieldErrors={actionData?.fieldErrors}
            errorField={actionData?.errorField}
          />
        )}
        {access === 'allowed' && <RecentUploads files={recent} />}
      </div>
    </section>
  );
}
