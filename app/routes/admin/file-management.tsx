import { data, redirect } from 'react-router';
import { loadFileEdit, loadFilePreview, toFileItem } from '~/routes/admin/file-management.server';
import { editFileValues, updateInputFromFileForm, type EditFileValues } from '~/components/file/edit-form';
import { FileManagementPage } from '~/components/file-admin/FileManagementPage';
import {
  listHref,
  modeOf,
  noticeOf,
  FILE_ADMIN_PATH,
  PAGE_SIZE,
  type ConfirmRequest,
  type FileManagementData,
} from '~/components/file-admin/view';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { pageTitle } from '~/lib/meta';
import { batchDeleteFilesSchema, updateFileSchema } from '~/lib/schemas/files';
import { deleteFiles, getOwnedFile, listFiles, updateFile } from '~/models/shares/manage/files-admin.server';
import { listRequest, pagesOf } from './admin-list.server';
import type { Route } from './+types/file-management';
import { listReturnOf } from '~/lib/list-query';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.fileManagement');

/** The edit form can show a share's password: never keep the page in a shared or browser cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * `?q=` searches (2+ characters), `?page=` pages (50 a page), `?preview=<id>` opens the preview,
 * `?edit=<id>` the edit form, `?notice=` reports the last action. Key users see only their own files.
 */
export const loader = answersFaults(async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<FileManagementData> {
  const list = listRequest(request, context);
  const { url, principal } = list;
  const { search, page } = list.base;
  const base = { ...list.base, notice: noticeOf(url.searchParams) };
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') {
    return { ...base, items: [], total: 0, pages: 1, preview: null, edit: null, openError: null };
  }
  const services = context.get(servicesContext);
  const { files, total } = await listFiles(
    services,
    principal,
    {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      search: search || undefined,
    },
    { checkTargets: true },
  );
  const pages = pagesOf(url, FILE_ADMIN_PATH, total, PAGE_SIZE, ['notice', 'count', 'failed']);
  const locale = getLocale(context);
  const previewId = url.searchParams.get('preview');
  const editId = url.searchParams.get('edit');
  const preview = previewId ? await loadFilePreview(services, principal, previewId, locale) : null;
  const edit = editId ? await loadFileEdit(services, principal, editId, locale) : null;
  const now = new Date();
  return {
    ...base,
    items: files.map((file) => toFileItem(principal, file, now)),
    total,
    pages,
    preview: preview?.preview ?? null,
    edit: edit?.edit ?? null,
    openError: preview?.openError ?? edit?.openError ?? null,
  };
});

interface ActionResult {
  confirm?: ConfirmRequest;
  intent?: 'update' | 'delete';
  values?: EditFileValues;
}

/**
 * `update` saves the edit form. `delete` removes the checked `ids` (or the one row's `only`), asked
 * once before it happens: without `confirmed=1` the answer is the confirmation step, which also
 * asks for the delete mode (JavaScript asks in a dialog and sends `confirmed=1` directly).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const back = listReturnOf(url.searchParams);
  const locale = getLocale(context);
  const intent = form.get('intent') === 'update' ? 'update' : 'delete';
  const values = intent === 'update' ? editFileValues(form) : undefined;
  const extra: ActionResult = { intent, values, confirm: undefined };
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (intent === 'update' && values) {
      const id = String(form.get('id') ?? '');
      const current = await getOwnedFile(services, principal, id);
      const converted = updateInputFromFileForm(form, current.slug);
      if (!converted.ok) {
        const message = translate(locale, `upload.form.${converted.problem}`);
        return data({ ...extra, formError: message, fieldErrors: { [converted.field]: message } }, { status: 400 });
      }
      await updateFile(services, principal, id, updateFileSchema.parse(converted.input));
      return redirect(listHref(back, { notice: 'updated' }, `#file-${id}`));
    }
    const only = form.get('only');
    const { ids, delete_mode } = batchDeleteFilesSchema.parse({
      ids: typeof only === 'string' && only ? [only] : form.getAll('ids').map(String),
      delete_mode: modeOf(form.get('delete_mode')),
    });
    const unique = [...new Set(ids)];
    if (form.get('confirmed') !== '1') return { ...extra, confirm: { ids: unique, mode: delete_mode } };
    const result = await deleteFiles(services, principal, unique, delete_mode);
    return redirect(
      listHref(back, { notice: 'deleted', count: String(result.success), failed: String(result.failed.length) }),
    );
  } catch (error) {
    return formError(error, locale, extra);
  }
});

export default function FileManagement({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const editFailure =
    failed && failed.intent === 'update' && failed.values
      ? { formError: failed.formError, fieldErrors: failed.fieldErrors, values: failed.values }
      : undefined;
  return (
    <FileManagementPage
      data={loaderData}
      confirm={actionData?.confirm}
      error={failed && !editFailure ? failed.formError : undefined}
      editFailure={editFailure}
    />
  );
}
