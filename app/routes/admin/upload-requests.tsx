import { redirect } from 'react-router';
import { RequestAdminPage } from '~/components/request-admin/RequestAdminPage';
import { EXPIRY_HOURS, REQUESTS_PATH, type ConfirmRequest, type CreateValues } from '~/components/request-admin/types';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { AppError } from '~/lib/errors';
import { pageTitle } from '~/lib/meta';
import { createRequestSchema, megabytesToBytes, updateRequestSchema } from '~/lib/schemas/requests';
import {
  closeUploadRequest,
  createUploadRequest,
  deleteUploadRequest,
  updateUploadRequest,
  uploadRequestsPage,
} from '~/models/requests/requests.server';
import type { ArrivalRecord, UploadRequestRecord } from '~/models/requests/records.server';
import type { Route } from './+types/upload-requests';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.uploadRequests');

const NOTICES = ['created', 'saved', 'reopened', 'closed', 'deleted'] as const;

const toRow = (r: UploadRequestRecord, origin: string) => ({
  id: r.id,
  slug: r.slug,
  url: `${origin}/r/${r.slug}`,
  title: r.title,
  target: r.target,
  folderPath: r.folderPath,
  hasPassword: r.hasPassword,
  state: r.state,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  maxFiles: r.maxFiles,
  note: r.note,
  maxFileBytes: r.maxFileBytes,
  maxTotalBytes: r.maxTotalBytes,
  showArrivals: r.showArrivals,
  files: r.files,
  bytes: r.bytes,
  newFiles: r.newFiles,
});

const toArrival = (a: ArrivalRecord) => ({
  id: a.id,
  name: a.name,
  size: a.size,
  note: a.note,
  createdAt: a.createdAt.toISOString(),
  shareUrl: a.shareSlug ? `/file/${a.shareSlug}` : null,
});

/**
 * The caller's upload requests; `?open=<id>` shows what arrived through one, `?notice=` the last
 * action, `?folder=` opens the form on a new request into that folder.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const principal = context.get(principalContext);
  const notice = NOTICES.find((n) => n === url.searchParams.get('notice')) ?? null;
  // Not logged in: the admin layout shows the login form instead of this module.
  // From the explorer's "Request files here": the form opens on that folder.
  const folder = url.searchParams.get('folder');
  if (principal.kind === 'anonymous')
    return { requests: [], open: null, folders: [], notice, folder, folderShares: 0, tree: null };
  const origin = context.get(requestInfoContext).linkOrigin;
  const page = await uploadRequestsPage(
    context.get(servicesContext),
    principal,
    url.searchParams.get('open'),
    folder,
    url.searchParams.get('pick'),
  );
  return {
    requests: page.requests.map((r) => toRow(r, origin)),
    open: page.open && { request: toRow(page.open.request, origin), arrivals: page.open.arrivals.map(toArrival) },
    folders: page.folders,
    notice,
    folder,
    folderShares: page.folderShares,
    tree: page.tree,
  };
});

function createInput(form: FormData) {
  const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : undefined);
  const expiry = text('expiry') as keyof typeof EXPIRY_HOURS | undefined;
  return createRequestSchema.parse({
    title: text('title') ?? '',
    note: text('note'),
    target: text('target') === 'shares' ? 'shares' : 'folder',
    folder: text('folder') || undefined,
    slug: text('slug'),
    password: text('password') || undefined,
    expiresIn: expiry && expiry in EXPIRY_HOURS ? EXPIRY_HOURS[expiry] : EXPIRY_HOURS['7d'],
    maxFiles: text('maxFiles') || undefined,
    maxFileBytes: megabytesToBytes(form.get('maxFileMb')),
    maxTotalBytes: megabytesToBytes(form.get('maxTotalMb')),
    showArrivals: form.get('showArrivals') === 'on',
  });
}

/** The edit form's fields (a request's folder, target and link stay as they were). */
function updateInput(form: FormData) {
  const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : undefined);
  const expiry = text('expiry');
  return updateRequestSchema.parse({
    title: text('title') ?? '',
    note: text('note') ?? '',
    expiresIn: expiry && expiry in EXPIRY_HOURS ? EXPIRY_HOURS[expiry as keyof typeof EXPIRY_HOURS] : undefined,
    maxFiles: text('maxFiles') || 0,
    maxFileBytes: megabytesToBytes(form.get('maxFileMb')) ?? 0,
    maxTotalBytes: megabytesToBytes(form.get('maxTotalMb')) ?? 0,
    showArrivals: form.get('showArrivals') === 'on',
    reopen: form.get('reopen') === '1',
  });
}

/**
 * Four intents: `create` (the form), `update` (the edit form, which may reopen), `close` and
 * `delete` (each asked once first: without `confirmed=1` the answer is the confirmation step).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const values = Object.fromEntries(
    [...form.entries()].filter(([key, value]) => key !== 'password' && typeof value === 'string'),
  ) as CreateValues;
  try {
    if (intent === 'create') {
      const created = await createUploadRequest(services, principal, createInput(form));
      return redirect(`${REQUESTS_PATH}?open=${created.id}&notice=created`);
    }
    const id = String(form.get('id') ?? '');
    if (intent === 'update') {
      const input = updateInput(form);
      await updateUploadRequest(services, principal, id, input);
      return redirect(`${REQUESTS_PATH}?open=${id}&notice=${input.reopen ? 'reopened' : 'saved'}`);
    }
    if (intent !== 'close' && intent !== 'delete') throw new AppError('invalid', 'invalidInput');
    if (form.get('confirmed') !== '1') {
      return { confirm: { intent, id, title: String(form.get('title') ?? '') } as ConfirmRequest };
    }
    if (intent === 'close') {
      await closeUploadRequest(services, principal, id);
      return redirect(`${REQUESTS_PATH}?open=${id}&notice=closed`);
    }
    await deleteUploadRequest(services, principal, id);
    return redirect(`${REQUESTS_PATH}?notice=deleted`);
  } catch (error) {
    return formError(error, getLocale(context), { values, intent: String(intent) });
  }
});

export default function UploadRequests({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RequestAdminPage
      data={loaderData}
      confirm={actionData && 'confirm' in actionData ? actionData.confirm : undefined}
      failed={actionData && 'formError' in actionData ? actionData : undefined}
    />
  );
}
