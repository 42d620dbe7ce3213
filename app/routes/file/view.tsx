import { data, redirect } from 'react-router';
import { updateInputFromFileForm, editFileValues } from '~/components/file/edit-form';
import { FileManagePage } from '~/components/file/FileManagePage';
import { StatusPage } from '~/components/layout/StatusPage';
import { FileView } from '~/components/file/FileView';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { pageTitle } from '~/lib/meta';
import { updateFileSchema } from '~/lib/schemas/files';
import { unlockSchema } from '~/lib/schemas/pastes';
import { deleteFiles, getOwnedFile, getOwnedFileBySlug, updateFile } from '~/models/shares/files-admin.server';
import { fileForContent, openFileShare, unlockFileShare } from '~/models/shares/file-access.server';
import { shareContent } from '~/models/shares/preview.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { fileLinksFor, shareCardOf } from '~/http/html/share-links.server';
import { fileSummary } from './summary.server';
import { mayManageShare } from '~/models/shares/access';
import type { Route } from './+types/view';
import { fileHref } from '~/lib/hrefs';
import { countedPageRevalidation } from '~/lib/counted-page';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.file.title');

/** Content grants and the owner's view of the password are in the page: never keep it in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * `?edit=1` and `?delete=1` open the owner's edit form and delete confirmation; they read the share
 * through the owner's door and never count a view. Anything else is the public page: it counts a
 * view exactly like GET /api/public/files/{slug} (a password share counts once it is unlocked). A
 * valid `?grant=` (made by an unlock) reopens a password share without counting again.
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
    const result = await openFileShare(services, params.slug);
    const manage = mayManageShare(principal, 'file', result.file.createdBy);
    if (!result.locked) {
      const content = await shareContent(services, result.file, origin, null);
      const view = { file: fileSummary(result.file), content, share: share(result.file), canManage: manage };
      return { state: 'shown', ...view } as const;
    }
    const grant = url.searchParams.get('grant');
    if (grant) {
      try {
        const address = context.get(requestInfoContext).clientAddress;
        const file = await fileForContent(services, params.slug, { grant }, address);
        const content = await shareContent(services, file, origin, grant);
        return {
          state: 'shown',
          file: fileSummary(file),
          content,
          share: share(file),
          canManage: manage,
        } as const;
      } catch (error) {
        // An expired or foreign grant: ask for the password again.
        if (!(error instanceof AppError && error.kind === 'unauthenticated')) throw error;
        const locked = { file: fileSummary(result.file), share: share(result.file), canManage: manage };
        return data({ state: 'locked', ...locked, grantExpired: true } as const, { status: 401 });
      }
    }
    const locked = { file: fileSummary(result.file), share: share(result.file), canManage: manage };
    return { state: 'locked', ...locked, grantExpired: false } as const;
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

const INTENTS = ['unlock', 'update', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

/** Three intents: unlock (password), update (edit form) and delete (confirmation, then home). */
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
      const address = context.get(requestInfoContext).clientAddress;
      const { file, grant } = await unlockFileShare(services, params.slug, password, address);
      const content = await shareContent(services, file, context.get(requestInfoContext).linkOrigin, grant);
      return {
        intent,
        unlocked: { file: fileSummary(file), content, canManage: mayManageShare(principal, 'file', file.createdBy) },
      };
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
export const shouldRevalidate = countedPageRevalidation('office');

export default function FilePage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const unlocked = actionData && 'unlocked' in actionData ? actionData.unlocked : undefined;
  if (loaderData.state === 'status') return <StatusPage {...loaderData.status} />;
  if (loaderData.state !== 'shown' && loaderData.state !== 'locked') {
    return <FileManagePage mode={loaderData.state} file={loaderData.file} saved={loaderData.saved} failed={failed} />;
  }
  const view =
    unlocked ??
    (loaderData.state === 'shown'
      ? { file: loaderData.file, content: loaderData.content, canManage: loaderData.canManage }
      : null);
  return (
    <FileView
      file={view?.file ?? loaderData.file}
      content={view?.content ?? null}
      share={loaderData.share}
      canManage={view ? view.canManage : loaderData.canManage}
      unlockError={failed?.intent === 'unlock' ? failed.formError : undefined}
      grantExpired={loaderData.state === 'locked' && loaderData.grantExpired}
    />
  );
}
