import { redirect } from 'react-router';
import { loadTextPreview, toTextItem } from '~/routes/admin/text-management.server';
import {
  listHref,
  noticeOf,
  PAGE_SIZE,
  TEXT_ADMIN_PATH,
  type ConfirmRequest,
  type TextManagementData,
} from '~/components/text-admin/view';
import { TextManagementPage } from '~/components/text-admin/TextManagementPage';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { batchDeleteSchema } from '~/lib/schemas/pastes';
import { clearExpiredPastes, deletePastes } from '~/models/pastes/pastes.server';
import { listPastes } from '~/models/pastes/list.server';
import { listRequest, pagesOf } from './admin-list.server';
import type { Route } from './+types/text-management';
import { listReturnOf } from '~/lib/list-query';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.textManagement');

/**
 * `?q=` searches (2+ characters), `?page=` pages (10 a page), `?preview=<id>` opens the rendered
 * preview (read without counting a view), `?notice=&count=` reports the last action.
 */
export const loader = answersFaults(async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<TextManagementData> {
  const list = listRequest(request, context);
  const { url, principal } = list;
  const { search, page } = list.base;
  const base = { ...list.base, notice: noticeOf(url.searchParams) };
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') {
    return { ...base, items: [], total: 0, pages: 1, preview: null, previewError: null };
  }
  const services = context.get(servicesContext);
  const { items, total } = await listPastes(services, principal, {
    page,
    limit: PAGE_SIZE,
    search: search || undefined,
  });
  const pages = pagesOf(url, TEXT_ADMIN_PATH, total, PAGE_SIZE, ['notice', 'count']);
  const previewId = url.searchParams.get('preview');
  const now = new Date();
  return {
    ...base,
    items: items.map((item) => toTextItem(principal, item, now)),
    total,
    pages,
    ...(previewId
      ? await loadTextPreview(services, principal, previewId, getLocale(context))
      : { preview: null, previewError: null }),
  };
});

/**
 * Two intents, each asked once before it happens: `batch-delete` (the checked `ids`, or the one
 * row's `only`) and `clear-expired` (admins). Without `confirmed=1` the answer is the confirmation
 * step (JavaScript asks in a dialog instead and sends `confirmed=1` directly).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const back = listReturnOf(url.searchParams);
  const confirmed = form.get('confirmed') === '1';
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (form.get('intent') === 'clear-expired') {
      if (!confirmed) return { confirm: { intent: 'clear-expired' } as ConfirmRequest };
      const count = await clearExpiredPastes(services, principal);
      return redirect(listHref(back, { notice: 'cleared', count: String(count) }));
    }
    const only = form.get('only');
    const { ids } = batchDeleteSchema.parse({
      ids: typeof only === 'string' && only ? [only] : form.getAll('ids').map(String),
    });
    if (!confirmed) return { confirm: { intent: 'batch-delete', ids: [...new Set(ids)] } as ConfirmRequest };
    const count = await deletePastes(services, principal, ids);
    return redirect(listHref(back, { notice: 'deleted', count: String(count) }));
  } catch (error) {
    return formError(error, getLocale(context), { confirm: undefined });
  }
});

export default function TextManagement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TextManagementPage
      data={loaderData}
      confirm={actionData?.confirm}
      error={actionData && 'formError' in actionData ? actionData.formError : undefined}
    />
  );
}
