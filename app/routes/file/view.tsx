import { ShareStats, statsData } from '~/components/stats/ShareStats';
import { shareStats } from '~/models/stats/stats.server';
import { data, redirect } from 'react-router';
import { isLinkPreview } from '~/lib/link-preview';
import { updateInputFromFileForm, editFileValues } from '~/components/file/edit-form';
import { FileManagePage } from '~/components/file/FileManagePage';
import { StatusPage } from '~/components/layout/StatusPage';
import { FileView } from '~/components/file/FileView';
import { FolderShareView } from '~/components/file/FolderShareView';
import { postersDrawn } from '~/models/thumbnails/posters.server';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { pageTitle } from '~/lib/meta';
import { updateFileSchema } from '~/lib/schemas/files';
import { unlockSchema } from '~/lib/schemas/pastes';
import { deleteFiles, getOwnedFile, getOwnedFileBySlug, updateFile } from '~/models/shares/manage/files-admin.server';
import { unlockFileShare, visitShare } from '~/models/shares/visit/file-access.server';
import { openSharedPlace } from '~/models/shares/visit/folder-access.server';
import { galleryPlace, sharedPlaceView } from './folder.server';
import { shareContent } from '~/models/shares/visit/preview.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { fileLinksFor, shareCardOf } from '~/http/html/share-links.server';
import { grantCookies, grantsOf } from '~/http/share-grant';
import { fileSummary } from './summary.server';
import { mayManageShare } from '~/auth/operations';
import type { Route } from './+types/view';
import { fileHref, folderShareHref } from '~/lib/hrefs';
import { countedPageRevalidation } from '~/lib/counted-page';
import { answersFaults } from '~/http/html/faults.server';
import { DECRYPTING_PAGE_HEADERS, decryptingPageHeaders } from '~/http/html/strict-csp';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.file.title');

/**
 * Content grants and the owner's view of the password are in the page: never keep it in a cache. An
 * encrypted share's page decrypts with the link's key: the strict policy (docs/encryption.md).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = decryptingPageHeaders(loaderHeaders, actionHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

const sealedHeaders = (file: FileShareRecord) => (file.envelope === null ? {} : DECRYPTING_PAGE_HEADERS);

/**
 * `?edit=1` and `?delete=1` open the owner's edit form and delete confirmation; they read the share
 * through the owner's door and never count a view. Anything else is the public page: it counts a
 * view exactly like GET /api/public/files/{slug} (a password share counts once it is unlocked; its
 * owner's visits never count, issue 42 item 3). The grant of a counted view or an unlock is kept in
 * the share's cookie (http/share-grant.ts), never in the address (issue 42, item 8): it reopens the
 * share without counting again for an hour. A folder share's page shows the folder or file at
 * `?path=` (a page of a long folder from `?cursor=`, images as a gallery with `?view=gallery`).
 */
export const loader = answersFaults(async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const mode = url.searchParams.has('edit') ? 'edit' : url.searchParams.has('delete') ? 'delete' : null;
  const origin = context.get(requestInfoContext).linkOrigin;
  const share = (file: FileShareRecord) => shareCardOf(fileLinksFor(origin, file.slug).page);
  try {
    if (mode) {
      const file = await getOwnedFileBySlug(services, principal, params.slug);
      const editable = { ...fileSummary(file), plainPassword: file.plainPassword };
      return { state: mode, file: editable, saved: url.searchParams.get('notice') === 'saved' } as const;
    }
    // A link preview's look (app/lib/link-preview.ts; scripts' fetches still count, as before).
    const passive = request.method === 'HEAD' || isLinkPreview(request.headers.get('user-agent'));
    const carried = grantsOf(request.headers.get('cookie'));
    const visit = await visitShare(services, params.slug, { grants: carried, principal, passive });
    const manage = mayManageShare(principal, 'file', visit.file.createdBy);
    const card = share(visit.file);
    if (visit.locked) {
      const locked = { file: fileSummary(visit.file), share: card, canManage: manage };
      return data({ state: 'locked', ...locked, gate: visit.gate, grantExpired: visit.grantExpired } as const, {
        status: visit.grantExpired ? 401 : 200,
        headers: sealedHeaders(visit.file),
      });
    }
    const secure = context.get(requestInfoContext).secure;
    const headers = new Headers(sealedHeaders(visit.file));
    for (const cookie of visit.grant ? grantCookies(visit.file.slug, visit.grant, secure) : [])
      headers.append('Set-Cookie', cookie);
    // The grant just given opens the rest of this page's reads, before the browser sends it back.
    const access = { grants: [...carried, visit.grant], principal };
    // Its owner sees who opened it, under the file or the folder (issues 32 and 47).
    const stats = manage ? statsData(await shareStats(services, principal, 'file', visit.file.id)) : null;
    if (visit.file.kind === 'folder') {
      const address = context.get(requestInfoContext).clientAddress;
      const open = (path: string | null, cursor?: string) =>
        openSharedPlace(services, params.slug, path, access, address, origin, cursor);
      const place = await open(url.searchParams.get('path'), url.searchParams.get('cursor') ?? undefined);
      const gallery = url.searchParams.get('view') === 'gallery';
      const folder = {
        file: fileSummary(visit.file),
        place: sharedPlaceView(place),
        // An image opened from the gallery shows full screen, stepping through its folder's images.
        lightbox: gallery ? await galleryPlace(place, open) : null,
        view: gallery ? 'gallery' : 'list',
        paged: url.searchParams.has('cursor'),
        posters: await postersDrawn(services),
      } as const;
      return data({ state: 'folder', ...folder, share: card, canManage: manage, stats } as const, { headers });
    }
    const content = await shareContent(services, visit.file, origin);
    const shown = {
      state: 'shown',
      file: fileSummary(visit.file),
      content,
      share: card,
      canManage: manage,
      stats,
    } as const;
    return data(shown, { headers });
  } catch (error) {
    // From the edit or delete page: the reason, back to the file page, or log in and come back.
    return statusError(error, getLocale(context), {
      subject: 'file',
      showReason: mode !== null,
      backTo: mode ? url.pathname : null,
      loginTo: url.pathname + url.search,
    });
  }
});

const INTENTS = ['unlock', 'reveal', 'update', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

/**
 * Four intents: unlock (password), reveal (a view-limited folder share opened on purpose: the view
 * is counted and its grant kept in the share's cookie), update (edit form) and delete (confirmation,
 * then home).
 */
export const action = answersFaults(async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Intent = INTENTS.find((i) => i === form.get('intent')) ?? 'unlock';
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const locale = getLocale(context);
  const values = editFileValues(form);
  const failure = { intent, values, clearPassword: form.get('clearPassword') === 'on' };
  try {
    if (intent === 'unlock') {
      const { password } = unlockSchema.parse({ password: form.get('password') ?? '' });
      const { clientAddress: address, secure, linkOrigin } = context.get(requestInfoContext);
      const { file, grant } = await unlockFileShare(services, params.slug, password, address, { principal });
      const headers = new Headers(sealedHeaders(file));
      for (const cookie of grantCookies(file.slug, grant, secure)) headers.append('Set-Cookie', cookie);
      // A folder share opens where the visitor was going; its grant is in the share's cookie.
      if (file.kind === 'folder')
        return redirect(folderShareHref(file.slug, { path: new URL(request.url).searchParams.get('path') }), {
          headers,
        });
      const content = await shareContent(services, file, linkOrigin);
      const unlocked = {
        file: fileSummary(file),
        content,
        canManage: mayManageShare(principal, 'file', file.createdBy),
      };
      return data({ intent, unlocked }, { headers });
    }
    if (intent === 'reveal') {
      const { secure } = context.get(requestInfoContext);
      const grants = grantsOf(request.headers.get('cookie'));
      const visit = await visitShare(services, params.slug, { grants, principal, reveal: true });
      const headers = new Headers();
      if (!visit.locked && visit.grant)
        for (const cookie of grantCookies(visit.file.slug, visit.grant, secure)) headers.append('Set-Cookie', cookie);
      const path = new URL(request.url).searchParams.get('path');
      return redirect(folderShareHref(params.slug, { path }), { headers });
    }
    const id = String(form.get('id') ?? '');
    if (intent === 'delete') {
      const result = await deleteFiles(services, principal, [id], 'both');
      if (result.success === 0) throw new AppError('not_found', 'fileNotFoundOrNoDelete');
      return redirect('/?notice=fileDeleted');
    }
    const current = await getOwnedFile(services, principal, id);
    const converted = updateInputFromFileForm(form, current.slug);
    if (!converted.ok) {
      const message = translate(locale, `upload.form.${converted.problem}`);
      return data({ ...failure, formError: message, fieldErrors: { [converted.field]: message } }, { status: 400 });
    }
    const updated = await updateFile(services, principal, id, updateFileSchema.parse(converted.input));
    return redirect(`${fileHref(updated.slug, 'edit')}&notice=saved`);
  } catch (error) {
    return formError(error, locale, failure);
  }
});

/** A view is counted by the loader: it runs again only when it must (lib/counted-page.ts). */
export const shouldRevalidate = countedPageRevalidation('office', { afterUnlock: true });

export default function FilePage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const unlocked = actionData && 'unlocked' in actionData ? actionData.unlocked : undefined;
  if (loaderData.state === 'status') return <StatusPage {...loaderData.status} />;
  if (loaderData.state === 'folder')
    return (
      <>
        <FolderShareView {...loaderData} />
        <OwnerStats stats={loaderData.stats} />
      </>
    );
  if (loaderData.state !== 'shown' && loaderData.state !== 'locked') {
    return <FileManagePage mode={loaderData.state} file={loaderData.file} saved={loaderData.saved} failed={failed} />;
  }
  const view =
    unlocked ??
    (loaderData.state === 'shown'
      ? { file: loaderData.file, content: loaderData.content, canManage: loaderData.canManage }
      : null);
  const stats = loaderData.state === 'shown' ? loaderData.stats : null;
  return (
    <>
      <FileView
        file={view?.file ?? loaderData.file}
        content={view?.content ?? null}
        share={loaderData.share}
        canManage={view ? view.canManage : loaderData.canManage}
        unlockError={failed?.intent === 'unlock' ? failed.formError : undefined}
        grantExpired={loaderData.state === 'locked' && loaderData.grantExpired}
        gate={loaderData.state === 'locked' ? loaderData.gate : undefined}
        revealError={failed?.intent === 'reveal' ? failed.formError : undefined}
        arrived={unlocked !== undefined}
      />
      <OwnerStats stats={stats} />
    </>
  );
}

/** The share's statistics card, under its page, for its owner only. */
function OwnerStats({ stats }: { stats: ReturnType<typeof statsData> | null }) {
  if (!stats) return null;
  return (
    <div className="card mt-5 p-4 sm:p-5">
      <ShareStats stats={stats} headingLevel={2} />
    </div>
  );
}
