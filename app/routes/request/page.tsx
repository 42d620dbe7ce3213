import { redirect } from 'react-router';
import { RequestPage } from '~/components/request/RequestPage';
import { StatusPage } from '~/components/layout/StatusPage';
import { requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { withFormFiles } from '~/http/html/form-upload.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { unlockSchema } from '~/lib/schemas/pastes';
import { arrivalNoteSchema } from '~/lib/schemas/requests';
import { receiveFile, visitUploadRequest } from '~/models/requests/receive.server';
import { presentPublicRequest } from '~/http/api/presenters/requests';
import type { Route } from './+types/page';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.request.title');

/** The page carries a grant once unlocked: never keep it in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const requestHref = (slug: string, params: Record<string, string | null>) => {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null));
  return `/r/${encodeURIComponent(slug)}${query.size ? `?${query}` : ''}`;
};

/**
 * `/r/{slug}` (issue 30, decision 0027): the upload request's page for anyone with the link. A
 * password request shows its password form until it is given; then the page's address carries a
 * grant (`?grant=`), never the password. `?received=` names the file the last form post stored.
 */
export const loader = answersFaults(async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  try {
    const visit = await visitUploadRequest(services, params.slug, {
      grant: url.searchParams.get('grant'),
      address: context.get(requestInfoContext).clientAddress,
    });
    return {
      state: visit.locked ? ('locked' as const) : ('open' as const),
      request: presentPublicRequest(visit),
      received: url.searchParams.get('received'),
      origin: context.get(requestInfoContext).linkOrigin,
    };
  } catch (error) {
    return statusError(error, getLocale(context), { subject: 'request' });
  }
});

/**
 * Two posts: the password (`intent=unlock`, a plain form) and files (a multipart form: `grant`
 * and `note` first, then one file or several; each streamed, never held whole). Both answer with a redirect to the
 * page, so a reload never sends anything twice.
 */
export const action = answersFaults(async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const address = context.get(requestInfoContext).clientAddress;
  const locale = getLocale(context);
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
  const received: string[] = [];
  try {
    if (!multipart) {
      const form = await request.formData();
      const { password } = unlockSchema.parse({ password: form.get('password') ?? '' });
      const visit = await visitUploadRequest(services, params.slug, { password, address });
      return redirect(requestHref(params.slug, { grant: visit.grant }));
    }
    // Several files from the page's own form (fields first, then each file in turn), each stored as
    // it streams in; a refusal stops there, and the page says what arrived before it.
    let grant: string | null = null;
    const length = Number(request.headers.get('content-length'));
    await withFormFiles(request, async (file) => {
      grant = file.fields.grant || null;
      const stored = await receiveFile(
        services,
        params.slug,
        { grant, address },
        {
          name: file.filename,
          body: file.body,
          atMost: Number.isFinite(length) && length > 0 ? length : undefined,
          note: arrivalNoteSchema.parse(file.fields.note || undefined),
        },
      );
      received.push(stored.name);
    });
    return redirect(requestHref(params.slug, { grant, received: received.join(', ') }));
  } catch (error) {
    return formError(error, locale, {
      intent: multipart ? ('upload' as const) : ('unlock' as const),
      received: received.join(', ') || null,
    });
  }
});

export default function UploadRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === 'status') return <StatusPage {...loaderData.status} />;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  return (
    <RequestPage
      request={loaderData.request}
      locked={loaderData.state === 'locked'}
      received={failed?.received ?? loaderData.received}
      origin={loaderData.origin}
      unlockError={failed?.intent === 'unlock' ? failed.formError : undefined}
      uploadError={failed?.intent === 'upload' ? failed.formError : undefined}
    />
  );
}
