import { createContext, data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ManagePastePage } from '~/components/paste/ManagePastePage';
import { PastePage } from '~/components/paste/PastePage';
import { StatusPage } from '~/components/layout/StatusPage';
import type { PasteSummary, ShownPaste } from '~/components/paste/types';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { renderMarkdownCached } from '~/lib/markdown-cache.server';
import { pageTitle, pasteTitleOf } from '~/lib/meta';
import { updateInputFromForm, pasteFormValues } from '~/lib/paste-form';
import { unlockSchema, updatePasteSchema } from '~/lib/schemas/pastes';
import { pasteLinks } from '~/lib/share-links';
import {
  deletePastes,
  getPasteForOwner,
  unlockPaste,
  updatePaste,
  viewPaste,
  type PasteRecord,
  type PasteView,
} from '~/models/pastes/pastes.server';
import { mayManageShare } from '~/models/shares/access';
import { pasteHref } from '~/lib/hrefs';
import { shareCardOf } from '~/http/html/share-links.server';
import type { Route } from './+types/view';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageTitle(matches, 'pages.paste.title', data && 'title' in data ? data.title : null);

function summary(p: PasteRecord): PasteSummary {
  return {
    id: p.id,
    slug: p.slug,
    remark: p.remark,
    hasPassword: p.hasPassword,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    maxViews: p.maxViews,
    views: p.views,
    createdAt: p.createdAt.toISOString(),
    createdBy: p.createdBy,
  };
}

function shown(p: PasteView): ShownPaste {
  return {
    ...summary(p),
    content: p.content,
    html: renderMarkdownCached(p.id, p.updatedAt, p.content),
    isLastView: p.isLastView,
  };
}

/** The share card (link and QR code) of a paste; none after the last view deleted it. */
function shareOf(p: PasteRecord & { isLastView?: boolean }, origin: string) {
  return p.isLastView ? Promise.resolve(null) : shareCardOf(pasteHref(p.slug, undefined, origin));
}

/** The raw link of a paste on this page (same origin); none after the last view deleted it. */
function rawUrl(p: PasteView, password?: string): string | null {
  return p.isLastView ? null : pasteLinks('', p.slug, password).raw;
}

/**
 * Set by a successful unlock. Without JavaScript the page's loader runs right after the action, in
 * the same request: it must not look the paste up again (the unlock may have used its last view and
 * deleted it), as the action's answer is what the page shows.
 */
const unlockedNow = createContext(false);

/**
 * `?edit=1` and `?delete=1` open the owner's edit form and delete confirmation; they read the
 * paste through the owner's door and never count a view. Anything else is the public page: it
 * counts a view exactly like GET /api/paste/{slug} (a password paste counts once it is unlocked).
 */
export const loader = answersFaults(async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const mode = url.searchParams.has('edit') ? 'edit' : url.searchParams.has('delete') ? 'delete' : null;
  const origin = context.get(requestInfoContext).linkOrigin;
  if (context.get(unlockedNow)) return { state: 'unlocked' } as const;
  try {
    if (mode) {
      const paste = await getPasteForOwner(services, principal, { slug: params.slug });
      const editable = { ...summary(paste), content: paste.content, plainPassword: paste.plainPassword };
      return { state: mode, paste: editable, saved: url.searchParams.get('notice') === 'saved' } as const;
    }
    const result = await viewPaste(services, params.slug);
    if (result.locked) {
      return {
        state: 'locked',
        paste: summary(result.paste),
        // Only the remark: a password paste's content, headings included, stays private.
        title: pasteTitleOf(result.paste.remark, null),
        share: await shareOf(result.paste, origin),
        canManage: mayManageShare(principal, 'paste', result.paste.createdBy),
      } as const;
    }
    const paste = result.paste;
    return {
      state: 'shown',
      paste: shown(paste),
      title: pasteTitleOf(paste.remark, paste.content),
      share: await shareOf(paste, origin),
      rawUrl: rawUrl(paste),
      canManage: !paste.isLastView && mayManageShare(principal, 'paste', paste.createdBy),
    } as const;
  } catch (error) {
    // The edit or delete page of a paste this visitor may not manage says why, whatever the reason.
    return statusError(error, getLocale(context), {
      subject: 'paste',
      kind: mode ? 'forbidden' : undefined,
      showReason: mode !== null,
      backTo: mode ? pasteHref(params.slug) : null,
    });
  }
});

const INTENTS = ['unlock', 'update', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

/** Three intents: unlock (password), update (edit form) and delete (confirmation). */
export const action = answersFaults(async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Intent = INTENTS.find((i) => i === form.get('intent')) ?? 'unlock';
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const locale = getLocale(context);
  const values = pasteFormValues(form);
  const failure = { intent, values, clearPassword: form.get('clearPassword') === 'on' };
  try {
    if (intent === 'unlock') {
      const { password } = unlockSchema.parse({ password: form.get('password') ?? '' });
      const { clientAddress, linkOrigin } = context.get(requestInfoContext);
      const paste = await unlockPaste(services, params.slug, password, clientAddress);
      context.set(unlockedNow, true);
      return {
        intent,
        unlocked: {
          paste: shown(paste),
          share: await shareOf(paste, linkOrigin),
          rawUrl: rawUrl(paste, paste.plainPassword),
          canManage: !paste.isLastView && mayManageShare(principal, 'paste', paste.createdBy),
        },
      };
    }
    if (intent === 'delete') {
      const deleted = await deletePastes(services, principal, [String(form.get('id') ?? '')]);
      if (deleted === 0) throw new AppError('not_found', 'pasteNotFoundOrForbidden');
      return redirect('/?notice=deleted');
    }
    const converted = updateInputFromForm(form, params.slug);
    if (!converted.ok) {
      const message = translate(locale, `paste.form.${converted.problem}`);
      return data({ ...failure, formError: message, fieldErrors: { [converted.field]: message } }, { status: 400 });
    }
    const updated = await updatePaste(services, principal, params.slug, updatePasteSchema.parse(converted.input));
    return redirect(`${pasteHref(updated.slug, 'edit')}&notice=saved`);
  } catch (error) {
    return formError(error, locale, failure);
  }
});

/**
 * A paste page's loader counts a view, so it must not run again needlessly: not when only the
 * display format changes (`?view=`), and not after a form post that leaves the address as it was
 * (unlocking, a failed edit, switching language or theme). A saved edit or a delete redirects and
 * loads afresh.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('view');
    return params.toString();
  };
  if (withoutView(currentUrl) !== withoutView(nextUrl)) return defaultShouldRevalidate;
  const intent = formData?.get('intent');
  if (formMethod && (intent === 'update' || intent === 'delete')) return defaultShouldRevalidate;
  return false;
}

export default function PasteRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const unlocked = actionData && 'unlocked' in actionData ? actionData.unlocked : undefined;
  const state = loaderData.state;

  if (unlocked) {
    const initialFormat = searchParams.get('view') === 'plain' ? 'plain' : 'rendered';
    return (
      <PastePage
        paste={unlocked.paste}
        shown={unlocked}
        share={unlocked.share}
        canManageLocked={false}
        initialFormat={initialFormat}
      />
    );
  }
  if (state === 'unlocked') return null; // only ever together with the action's answer
  if (state === 'status') return <StatusPage {...loaderData.status} />;

  if (state === 'edit' || state === 'delete') {
    const failure = failed?.intent === (state === 'edit' ? 'update' : 'delete') ? failed : undefined;
    return <ManagePastePage mode={state} paste={loaderData.paste} saved={loaderData.saved} failure={failure} />;
  }
  return (
    <PastePage
      paste={loaderData.paste}
      shown={state === 'shown' ? loaderData : null}
      share={state === 'shown' || state === 'locked' ? loaderData.share : null}
      canManageLocked={state === 'locked' && loaderData.canManage}
      initialFormat={searchParams.get('view') === 'plain' ? 'plain' : 'rendered'}
      unlockError={failed?.intent === 'unlock' ? failed.formError : undefined}
    />
  );
}
