import { redirect } from 'react-router';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import {
  listHref,
  noticeOf,
  pageOf,
  PAGE_SIZE,
  SEARCH_MIN,
  type ConfirmRequest,
  type Creator,
  type TextItem,
  type TextManagementData,
  type TextPreview,
} from '~/components/text-admin/model';
import { TextManagementPage } from '~/components/text-admin/TextManagementPage';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/form-errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { renderMarkdown } from '~/lib/markdown';
import { pageTitle } from '~/lib/meta';
import { batchDeleteSchema } from '~/lib/schemas/pastes';
import {
  clearExpiredPastes,
  deletePastes,
  getPasteForOwner,
  listPastes,
  type PasteListItem,
} from '~/models/pastes.server';
import type { Route } from './+types/text-management';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.textManagement');

/** Characters of content shown in a row. */
const ROW_PREVIEW_CHARS = 120;
/** The preview panel renders at most this much Markdown; the share itself shows the rest. */
const PANEL_PREVIEW_CHARS = 50_000;

function rowPreview(content: string): string {
  // Collapse whitespace over a bounded slice: a paste can be megabytes long.
  const chars = Array.from(content.slice(0, ROW_PREVIEW_CHARS * 4).replace(/\s+/g, ' ').trim());
  return chars.length > ROW_PREVIEW_CHARS ? `${chars.slice(0, ROW_PREVIEW_CHARS).join('').trimEnd()}…` : chars.join('');
}

function creatorOf(principal: Principal, item: PasteListItem): Creator {
  if (principal.kind === 'apikey') return { kind: 'key', name: principal.name };
  if (!item.createdBy) return { kind: 'unknown' };
  return item.createdBy.startsWith('apikey:') ? { kind: 'key', name: item.keyName } : { kind: 'admin' };
}

function toItem(principal: Principal, item: PasteListItem, now: Date): TextItem {
  return {
    id: item.id,
    slug: item.slug,
    remark: item.remark,
    preview: rowPreview(item.content),
    hasPassword: item.hasPassword,
    views: item.views,
    maxViews: item.maxViews,
    expiresAt: item.expiresAt?.toISOString() ?? null,
    expired: item.expiresAt !== null && item.expiresAt <= now,
    creator: creatorOf(principal, item),
    createdAt: item.createdAt.toISOString(),
  };
}

/**
 * `?q=` searches (2+ characters), `?page=` pages (10 a page), `?preview=<id>` opens the rendered
 * preview (read without counting a view), `?notice=&count=` reports the last action.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<TextManagementData> {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const tooShort = q !== '' && Array.from(q).length < SEARCH_MIN;
  const search = tooShort ? '' : q;
  const page = pageOf(url.searchParams.get('page'));
  const principal = context.get(principalContext);
  const base = {
    q,
    search,
    tooShort,
    page,
    notice: noticeOf(url.searchParams),
    isAdmin: principal.kind === 'admin',
    keyName: principal.kind === 'apikey' ? principal.name : null,
  };
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') {
    return { ...base, items: [], total: 0, pages: 1, preview: null, previewError: null };
  }
  authorize(principal, 'admin.textManagement');
  const services = context.get(servicesContext);
  const { items, total } = await listPastes(services, principal, {
    page,
    limit: PAGE_SIZE,
    search: search || undefined,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Past the last page (say, after deleting its last rows): go to the last page, keep the notice.
  if (page > pages) {
    const keep = Object.fromEntries([...url.searchParams].filter(([key]) => key === 'notice' || key === 'count'));
    throw redirect(listHref({ q, page: pages }, keep));
  }

  let preview: TextPreview | null = null;
  let previewError: string | null = null;
  const previewId = url.searchParams.get('preview');
  if (previewId) {
    try {
      // The owner's read: no view is counted, no limit applies.
      const paste = await getPasteForOwner(services, principal, previewId);
      const truncated = paste.content.length > PANEL_PREVIEW_CHARS;
      preview = {
        id: paste.id,
        slug: paste.slug,
        html: renderMarkdown(truncated ? paste.content.slice(0, PANEL_PREVIEW_CHARS) : paste.content),
        truncated,
        blank: paste.content.trim() === '',
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      previewError = translate(getLocale(context), `errors.${error.messageKey}`, error.details);
    }
  }

  const now = new Date();
  return {
    ...base,
    items: items.map((item) => toItem(principal, item, now)),
    total,
    pages,
    preview,
    previewError,
  };
}

/**
 * Two intents, each asked once before it happens: `batch-delete` (the checked `ids`, or the one
 * row's `only`) and `clear-expired` (admins). Without `confirmed=1` the answer is the confirmation
 * step (JavaScript asks in a dialog instead and sends `confirmed=1` directly).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const back = { q: (url.searchParams.get('q') ?? '').trim(), page: pageOf(url.searchParams.get('page')) };
  const confirmed = form.get('confirmed') === '1';
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (form.get('intent') === 'clear-expired') {
      authorize(principal, 'paste.clearExpired');
      if (!confirmed) return { confirm: { intent: 'clear-expired' } as ConfirmRequest };
      const count = await clearExpiredPastes(services, principal);
      return redirect(listHref(back, { notice: 'cleared', count: String(count) }));
    }
    authorize(principal, 'paste.manage');
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
}

export default function TextManagement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TextManagementPage
      data={loaderData}
      confirm={actionData?.confirm}
      error={actionData && 'formError' in actionData ? actionData.formError : undefined}
    />
  );
}
