import { useTranslation } from 'react-i18next';
import { Link, data, redirect, useParams, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isAllowed } from '~/auth/operations';
import { isCreator, type Principal } from '~/auth/principal';
import { DeletePastePanel } from '~/components/paste/DeletePastePanel';
import { EditPasteForm } from '~/components/paste/EditPasteForm';
import { PasteContent } from '~/components/paste/PasteContent';
import { PasteMeta, PasteRemark } from '~/components/paste/PasteMeta';
import { PasteStatus } from '~/components/paste/PasteStatus';
import type { PasteSummary, ShownPaste } from '~/components/paste/types';
import { UnlockForm } from '~/components/paste/UnlockForm';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/form-errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { renderMarkdown } from '~/lib/markdown';
import { pageTitle } from '~/lib/meta';
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
} from '~/models/pastes.server';
import type { Route } from './+types/view';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.paste.title');

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
  return { ...summary(p), content: p.content, html: renderMarkdown(p.content), isLastView: p.isLastView };
}

function canManage(principal: Principal, createdBy: string | null): boolean {
  return isAllowed(principal, 'paste.manage') && isCreator(principal, createdBy);
}

/** The raw link of a paste on this page (same origin); none after the last view deleted it. */
function rawUrl(p: PasteView, password?: string): string | null {
  return p.isLastView ? null : pasteLinks('', p.slug, password).raw;
}

/**
 * `?edit=<id>` and `?delete=<id>` open the owner's edit form and delete confirmation; they read the
 * paste through the owner's door and never count a view. Anything else is the public page: it
 * counts a view exactly like GET /api/paste/{slug} (a password paste counts once it is unlocked).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const manageId = url.searchParams.get('edit') ?? url.searchParams.get('delete');
  const mode = url.searchParams.has('edit') ? 'edit' : url.searchParams.has('delete') ? 'delete' : null;
  try {
    if (mode && manageId) {
      const paste = await getPasteForOwner(services, principal, manageId);
      if (paste.slug !== params.slug) throw new AppError('not_found', 'pasteNotFoundOrForbidden');
      const editable = { ...summary(paste), content: paste.content, plainPassword: paste.plainPassword };
      return { state: mode, paste: editable, saved: url.searchParams.get('notice') === 'saved' } as const;
    }
    const result = await viewPaste(services, params.slug);
    if (result.locked) {
      return { state: 'locked', paste: summary(result.paste), canManage: canManage(principal, result.paste.createdBy) } as const;
    }
    const paste = result.paste;
    return {
      state: 'shown',
      paste: shown(paste),
      rawUrl: rawUrl(paste),
      canManage: !paste.isLastView && canManage(principal, paste.createdBy),
    } as const;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (mode) {
      const message = translate(getLocale(context), `errors.${error.messageKey}`, error.details);
      return data({ state: 'denied', message } as const, { status: error.status });
    }
    if (error.kind === 'gone') return data({ state: 'gone' } as const, { status: 410 });
    if (error.kind === 'not_found') return data({ state: 'missing' } as const, { status: 404 });
    throw error;
  }
}

const INTENTS = ['unlock', 'update', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

/** Three intents: unlock (password), update (edit form) and delete (confirmation). */
export async function action({ params, request, context }: Route.ActionArgs) {
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
      const address = context.get(requestInfoContext).clientAddress;
      const paste = await unlockPaste(services, params.slug, password, address);
      return {
        intent,
        unlocked: {
          paste: shown(paste),
          rawUrl: rawUrl(paste, paste.plainPassword),
          canManage: !paste.isLastView && canManage(principal, paste.createdBy),
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
      return data(
        { ...failure, formError: message, fieldErrors: { [converted.field]: message } },
        { status: 400 },
      );
    }
    const updated = await updatePaste(services, principal, params.slug, updatePasteSchema.parse(converted.input));
    const id = encodeURIComponent(updated.id);
    return redirect(`/paste/${encodeURIComponent(updated.slug)}?edit=${id}&notice=saved`);
  } catch (error) {
    return formError(error, locale, failure);
  }
}

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

export default function PastePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const params = useParams();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const unlocked = actionData && 'unlocked' in actionData ? actionData.unlocked : undefined;
  const state = loaderData.state;

  if (state === 'missing' || state === 'gone') return <PasteStatus kind={state} />;
  if (state === 'denied') {
    return <PasteStatus kind="denied" message={loaderData.message} pastePath={`/paste/${params.slug ?? ''}`} />;
  }

  const paste = loaderData.paste;
  const pastePath = `/paste/${encodeURIComponent(paste.slug)}`;
  const manage = { edit: `${pastePath}?edit=${paste.id}`, delete: `${pastePath}?delete=${paste.id}` };

  if (state === 'edit' || state === 'delete') {
    return (
      <section aria-labelledby="page-heading" className="space-y-6">
        <header>
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight break-all sm:text-3xl">
            {state === 'edit' ? t('paste.edit.heading', { slug: paste.slug }) : t('paste.view.heading')}
          </h1>
          <div className="mt-3">
            <PasteMeta paste={paste} />
          </div>
        </header>
        {state === 'edit' && loaderData.saved && !failed && (
          <FormAlert tone="success">
            {t('paste.edit.saved')}{' '}
            <a href={pastePath} className="link font-medium">
              {t('paste.edit.viewPaste')}
            </a>{' '}
            <span className="text-subtle">({t('paste.edit.viewCountsNote')})</span>
          </FormAlert>
        )}
        {state === 'edit' ? (
          <EditPasteForm
            paste={loaderData.paste}
            values={failed?.intent === 'update' ? failed.values : undefined}
            clearPassword={failed?.intent === 'update' ? failed.clearPassword : undefined}
            formError={failed?.intent === 'update' ? failed.formError : undefined}
            fieldErrors={failed?.intent === 'update' ? failed.fieldErrors : undefined}
            cancelTo={pastePath}
          />
        ) : (
          <DeletePastePanel
            id={paste.id}
            slug={paste.slug}
            cancelTo={pastePath}
            error={failed?.intent === 'delete' ? failed.formError : undefined}
          />
        )}
      </section>
    );
  }

  const view = unlocked ?? (state === 'shown' ? loaderData : null);
  const current = view?.paste ?? paste;
  const mayManage = view ? view.canManage : state === 'locked' && loaderData.canManage;
  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('paste.view.heading')}
          </h1>
          <p className="mt-1 font-mono text-sm break-all text-subtle">/paste/{current.slug}</p>
        </div>
        {mayManage && !view && (
          <div className="flex gap-2">
            <Link to={manage.edit} className="btn px-3 py-1.5 text-xs">
              {t('paste.view.edit')}
            </Link>
            <Link to={manage.delete} className="btn px-3 py-1.5 text-xs text-danger">
              {t('paste.view.delete')}
            </Link>
          </div>
        )}
      </header>
      <PasteMeta paste={current} />
      <PasteRemark remark={current.remark} />
      {view ? (
        <>
          {view.paste.isLastView && <FormAlert>{t('paste.view.lastView')}</FormAlert>}
          <PasteContent
            paste={view.paste}
            rawUrl={view.rawUrl}
            initialFormat={searchParams.get('view') === 'plain' ? 'plain' : 'rendered'}
            manage={mayManage ? manage : null}
          />
        </>
      ) : (
        <UnlockForm error={failed?.intent === 'unlock' ? failed.formError : undefined} />
      )}
    </section>
  );
}
