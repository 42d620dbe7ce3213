import { statsData } from '~/components/stats/ShareStats';
import { shareStats } from '~/models/stats/stats.server';
import { createContext, data, redirect, useSearchParams } from 'react-router';
import { ManagePastePage } from '~/components/paste/ManagePastePage';
import { PastePage } from '~/components/paste/PastePage';
import { StatusPage } from '~/components/layout/StatusPage';
import type { PasteSummary, ShownPaste } from '~/components/paste/types';
import { openedPasteContext, principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { pageTitle, pasteTitleOf } from '~/lib/meta';
import { updateInputFromForm, pasteFormValues } from '~/lib/paste-form';
import { unlockSchema, updatePasteSchema } from '~/lib/schemas/pastes';
import { pasteLinks } from '~/lib/share-links';
import {
  deletePastes,
  getPasteForOwner,
  updatePaste,
  type PasteRecord,
  type PasteView,
} from '~/models/pastes/pastes.server';
import { openPastePage, revealPaste, unlockPastePage } from '~/models/pastes/page-view.server';
import { readVisit, visitHeaders } from '~/http/html/paste-visit.server';
import type { Principal } from '~/auth/principal';
import { isbot } from 'isbot';
import { mayManageShare } from '~/auth/operations';
import { pasteHref } from '~/lib/hrefs';
import { shareCardOf } from '~/http/html/share-links.server';
import type { Route } from './+types/view';
import { countedPageRevalidation } from '~/lib/counted-page';
import { answersFaults } from '~/http/html/faults.server';
import { DECRYPTING_PAGE_HEADERS, decryptingPageHeaders } from '~/http/html/strict-csp';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageTitle(matches, 'pages.paste.title', data && 'title' in data ? data.title : null);

function summary(p: PasteRecord): PasteSummary {
  return {
    id: p.id,
    slug: p.slug,
    remark: p.remark,
    hasPassword: p.hasPassword,
    encrypted: p.encrypted,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    maxViews: p.maxViews,
    views: p.views,
    createdAt: p.createdAt.toISOString(),
    createdBy: p.createdBy,
  };
}

function shown(p: ShownView): ShownPaste {
  return {
    ...summary(p),
    content: p.content,
    html: p.html,
    isLastView: p.isLastView,
  };
}

/** A paste the page shows, with its content rendered (app/models/pastes/rendered.server.ts). */
type ShownView = PasteView & { html: string };

/** The share card (link and QR code) of a paste; none after the last view deleted it. */
function shareOf(p: PasteRecord & { isLastView?: boolean }, origin: string) {
  return p.isLastView ? null : shareCardOf(pasteHref(p.slug, undefined, origin));
}

/**
 * The raw link of a paste on this page (same origin); none after the last view deleted it, nor for
 * a password paste whose password this page does not know.
 */
function rawUrl(p: PasteView, password?: string | null): string | null {
  if (p.isLastView || (p.hasPassword && !password)) return null;
  return pasteLinks('', p.slug, password ?? undefined).raw;
}

/** What the page shows of a paste it may show: the content, its share card and raw link. */
function shownPage(p: ShownView, principal: Principal, origin: string, password?: string | null) {
  return {
    paste: shown(p),
    title: p.encrypted ? null : pasteTitleOf(p.remark, p.content),
    share: shareOf(p, origin),
    rawUrl: rawUrl(p, password),
    canManage: !p.isLastView && mayManageShare(principal, 'paste', p.createdBy),
  };
}

/**
 * Set by a successful unlock or reveal. Without JavaScript the page's loader runs right after the
 * action, in the same request: it must not look the paste up again (the action may have used its
 * last view and deleted it), as the action's answer is what the page shows.
 */
const answeredByAction = createContext(false);

/** A link preview or a HEAD request reads the page but never counts a view. */
function isPassive(request: Request): boolean {
  return request.method === 'HEAD' || isbot(request.headers.get('user-agent'));
}

/**
 * `?edit=1` and `?delete=1` open the owner's edit form and delete confirmation; they read the
 * paste through the owner's door and never count a view. Anything else is the public page, whose
 * view rules are app/models/pastes/page-view.server.ts: a password paste asks for the password, a
 * paste with a view limit asks for a deliberate reveal, and the visit cookie keeps it open.
 */
export const loader = answersFaults(async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const mode = url.searchParams.has('edit') ? 'edit' : url.searchParams.has('delete') ? 'delete' : null;
  const { linkOrigin, secure } = context.get(requestInfoContext);
  if (context.get(answeredByAction)) return { state: 'answered' } as const;
  try {
    if (mode) {
      const paste = await getPasteForOwner(services, principal, { slug: params.slug });
      const editable = { ...summary(paste), content: paste.content, plainPassword: paste.plainPassword };
      return { state: mode, paste: editable, saved: url.searchParams.get('notice') === 'saved' } as const;
    }
    const previous = await readVisit(request);
    // Its owner sees who opened it, under the content (issue 32).
    const ownerStats = async (owner: boolean, id: string) =>
      owner ? statsData(await shareStats(services, principal, 'paste', id)) : null;
    const result =
      context.get(openedPasteContext) ??
      (await openPastePage(services, params.slug, {
        visit: previous,
        passive: isPassive(request),
        viewer: principal.kind === 'anonymous' ? undefined : principal,
      }));
    const sealed = result.paste.encrypted ? DECRYPTING_PAGE_HEADERS : {};
    if (result.state !== 'shown') {
      const page = {
        state: result.state,
        paste: summary(result.paste),
        sealedHeader: result.paste.encrypted ? result.paste.content : null,
        // Only the remark: content kept behind a password or a reveal, headings included, stays unseen.
        title: pasteTitleOf(result.paste.remark, null),
        share: shareOf(result.paste, linkOrigin),
        canManage: mayManageShare(principal, 'paste', result.paste.createdBy),
      } as const;
      return data({ ...page, stats: await ownerStats(page.canManage, result.paste.id) }, { headers: sealed });
    }
    const shownData = shownPage(result.paste, principal, linkOrigin);
    const page = {
      state: 'shown',
      ...shownData,
      stats: await ownerStats(shownData.canManage, result.paste.id),
    } as const;
    const visit = await visitHeaders(params.slug, result.visit, previous, secure);
    return data(page, { headers: { ...visit, ...sealed } });
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

const INTENTS = ['unlock', 'reveal', 'update', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

/** Four intents: unlock (password), reveal (view limit), update (edit form) and delete (confirmation). */
export const action = answersFaults(async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Intent = INTENTS.find((i) => i === form.get('intent')) ?? 'unlock';
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const locale = getLocale(context);
  const values = pasteFormValues(form);
  const failure = { intent, values, clearPassword: form.get('clearPassword') === 'on' };
  try {
    if (intent === 'unlock' || intent === 'reveal') {
      const { clientAddress, linkOrigin, secure } = context.get(requestInfoContext);
      const previous = await readVisit(request);
      const opened =
        intent === 'unlock'
          ? await unlockPastePage(
              services,
              params.slug,
              unlockSchema.parse({ password: form.get('password') ?? '' }).password,
              clientAddress,
            )
          : { ...(await revealPaste(services, params.slug, previous)), plainPassword: null };
      context.set(answeredByAction, true);
      const answered = shownPage(opened.paste, principal, linkOrigin, opened.plainPassword);
      const visit = await visitHeaders(params.slug, opened.visit, previous, secure);
      const sealed = opened.paste.encrypted ? DECRYPTING_PAGE_HEADERS : {};
      return data({ intent, answered }, { headers: { ...visit, ...sealed } });
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

/** An encrypted paste's page carries the strict policy its loader or action asked for. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  decryptingPageHeaders(loaderHeaders, actionHeaders);

/** A view is counted by the loader: it runs again only when it must (lib/counted-page.ts). */
export const shouldRevalidate = countedPageRevalidation('view');

export default function PasteRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const answered = actionData && 'answered' in actionData ? actionData.answered : undefined;
  const initialFormat = searchParams.get('view') === 'plain' ? 'plain' : 'rendered';

  // The content: just unlocked or revealed (the action's answer), or shown on opening.
  const shown = answered ?? (loaderData.state === 'shown' ? loaderData : null);
  if (shown) {
    return (
      <PastePage
        paste={shown.paste}
        shown={shown}
        share={shown.share}
        gate={null}
        canManageGated={false}
        initialFormat={initialFormat}
        stats={'stats' in shown ? shown.stats : null}
        arrived={answered !== undefined}
      />
    );
  }
  if (loaderData.state === 'answered') return null; // only ever together with the action's answer
  if (loaderData.state === 'status') return <StatusPage {...loaderData.status} />;

  if (loaderData.state === 'edit' || loaderData.state === 'delete') {
    const mode = loaderData.state;
    const failure = failed?.intent === (mode === 'edit' ? 'update' : 'delete') ? failed : undefined;
    return <ManagePastePage mode={mode} paste={loaderData.paste} saved={loaderData.saved} failure={failure} />;
  }
  if (loaderData.state !== 'locked' && loaderData.state !== 'reveal') return null;
  return (
    <PastePage
      paste={loaderData.paste}
      shown={null}
      share={loaderData.share}
      gate={loaderData.state}
      canManageGated={loaderData.canManage}
      initialFormat={initialFormat}
      sealedHeader={loaderData.sealedHeader}
      stats={loaderData.stats}
      gateError={
        failed && failed.intent === (loaderData.state === 'reveal' ? 'reveal' : 'unlock') ? failed.formError : undefined
      }
    />
  );
}
