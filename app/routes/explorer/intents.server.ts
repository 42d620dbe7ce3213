import { data, redirect } from 'react-router';
import { binAction, isBinIntent } from '~/http/html/bin-actions.server';
import { ZodError } from 'zod';
import { uploadFormValues, uploadInputFromForm } from '~/components/upload/upload-form';
import type { Principal } from '~/auth/principal';
import { withFormUpload } from '~/http/html/form-upload.server';
import { AppError } from '~/lib/errors';
import { explorerHref, joinVirtual, prefsOf } from '~/lib/explorer';
import {
  explorerIntentSchema,
  mountedShareOptionsSchema,
  onConflict,
  type ExplorerIntent,
  type ExplorerIntentInput,
} from '~/lib/schemas/fs';
import { copiesIntoItself } from '~/models/fs/copy.server';
import { fileLink } from '~/models/fs/links.server';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import {
  assertMayUploadToMounts,
  makeFolder,
  removePaths,
  renamePath,
  uploadToFolder,
  writeTextFile,
} from '~/models/fs/write.server';
import { cancelTask, clearFinishedTasks, retryTask } from '~/models/tasks/tasks.server';
import { startCopyTask } from '~/models/fs/copy-task.server';
import type { Services } from '~/services.server';
import { prefsCookie } from './load.server';

/**
 * The mount explorer's form posts (docs/product/spec.md §2 "Mount explorer"), each parsed by its
 * schema (lib/schemas/fs.ts) and answered by one call into models/fs or models/tasks. Everything
 * the page does with JavaScript it can also do with these forms.
 */

/** Where a form sends the browser back to: the folder, keeping an open preview when asked. */
function backTo(dir: string, query: Record<string, string | null | undefined> = {}) {
  return redirect(explorerHref(dir, query));
}

/** A multipart post is the no-JS upload form: one file, streamed into the open folder. */
async function uploadAction(services: Services, principal: Principal, dir: string, request: Request) {
  const uploaded = await withFormUpload(
    services,
    request,
    (parsed) =>
      uploadToFolder(
        services,
        principal,
        dir,
        parsed.filename,
        parsed.body,
        onConflict.parse(parsed.fields.onConflict),
      ),
    () => assertMayUploadToMounts(principal),
  );
  return backTo(dir, { notice: uploaded.skipped ? 'uploadSkipped' : 'uploaded', name: uploaded.name });
}

/** A new name typed into a form: one segment, never a path. */
function singleName(value: string): string {
  const name = value.trim();
  if (!name || name.includes('/')) throw new AppError('invalid', 'fsNameInvalid');
  return name;
}

/** The share dialog's fields (the upload page's) as create-share options; a bad expiry is its field's error. */
function shareOptionsOf(input: Record<string, unknown>) {
  const converted = uploadInputFromForm(
    Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
    ),
  );
  if (!converted.ok)
    throw new ZodError([{ code: 'custom', path: [converted.field], message: converted.problem, input: undefined }]);
  return mountedShareOptionsSchema.parse(converted.input);
}

async function runIntent(
  services: Services,
  principal: Principal,
  dir: string,
  origin: string,
  input: ExplorerIntentInput,
) {
  switch (input.intent) {
    case 'prefs': {
      const back = input.back.startsWith('/mount-explorer') ? input.back : explorerHref(dir);
      return redirect(back, { headers: { 'Set-Cookie': await prefsCookie.serialize(prefsOf(input)) } });
    }
    case 'mkdir': {
      const name = singleName(input.folder);
      await makeFolder(services, principal, `${joinVirtual(dir, name)}/`);
      return backTo(dir, { notice: 'folderCreated', name });
    }
    case 'rename': {
      // A folder's name ends in "/" (as its path does); its new path keeps it.
      const name = input.name[0] ?? '';
      if (input.into) {
        // Into a folder (drag and drop): the same name inside the target.
        await renamePath(services, principal, joinVirtual(dir, name), joinVirtual(input.into, name));
        return backTo(dir, { notice: 'moved', name });
      }
      const newName = singleName(input.newName.trim().replace(/\/+$/, ''));
      const slash = name.endsWith('/') ? '/' : '';
      await renamePath(services, principal, joinVirtual(dir, name), `${joinVirtual(dir, newName)}${slash}`);
      return backTo(dir, { notice: 'renamed', name: newName });
    }
    case 'delete': {
      const paths = input.name.map((n) => joinVirtual(dir, n));
      const result = await removePaths(services, principal, paths);
      if (result.failed.length) throw new AppError('conflict', 'fsRemoveFailed', { count: result.failed.length });
      return backTo(dir, { notice: 'deleted', count: String(input.name.length) });
    }
    case 'save': {
      const name = input.name[0] ?? '';
      await writeTextFile(services, principal, joinVirtual(dir, name), input.content.replace(/\r\n/g, '\n'));
      return backTo(dir, { notice: 'saved', preview: name });
    }
    case 'link': {
      const name = input.name[0] ?? '';
      const options = { expiresIn: input.expires, forceDownload: input.download };
      const link = await fileLink(services, principal, joinVirtual(dir, name), options, origin);
      return { intent: input.intent, name, link: { url: link.url, expiresAt: link.expiresAt.toISOString() } };
    }
    case 'share': {
      const paths = input.name.map((n) => joinVirtual(dir, n));
      const file = await sharePaths(services, principal, paths, shareOptionsOf(input));
      // The result has an address of its own (a reload shows it again, never shares twice).
      return redirect(explorerHref(dir, { do: 'share', name: input.name, shared: file.slug }));
    }
    case 'copy': {
      // The picker's folder, or a new folder inside it (made by the copy itself).
      const target = input.target.trim().replace(/\/+$/, '');
      if (!target) throw new AppError('invalid', 'copyTargetRequired');
      const into = input.newFolder.trim() ? joinVirtual(target, singleName(input.newFolder)) : target;
      const items = input.name.map((n) => ({ sourcePath: joinVirtual(dir, n), targetPath: joinVirtual(into, n) }));
      // docs/product/spec.md §5: copying a folder into itself warns and asks first.
      if (items.some(copiesIntoItself) && !input.confirm) throw new AppError('invalid', 'copyIntoItselfConfirm');
      await startCopyTask(services, principal, items, { skipExisting: input.skipExisting, move: input.move });
      return backTo(dir, { do: 'tasks' });
    }
    case 'cancelTask':
      await cancelTask(services, principal, input.task);
      return backTo(dir, { do: 'tasks' });
    case 'retryTask':
      await retryTask(services, principal, input.task);
      return backTo(dir, { do: 'tasks' });
    case 'clearTasks':
      await clearFinishedTasks(services, principal);
      return backTo(dir, { do: 'tasks' });
  }
}

/**
 * Reads a post: the intent it names (null for none that exists), what to run, and the values to give
 * back to the form when it fails. An unknown intent runs into a 400 with the reason.
 */
export async function explorerAction(
  services: Services,
  principal: Principal,
  dir: string,
  request: Request,
  origin: string,
) {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data'))
    return { intent: 'upload' as ExplorerIntent, run: () => uploadAction(services, principal, dir, request) };
  const form = await request.formData();
  // The recycle bin panel's forms (issue 42, item 15): the same as Admin → Recycle bin's.
  const binIntent = form.get('intent');
  if (isBinIntent(binIntent))
    return {
      intent: binIntent as ExplorerIntent,
      run: async () => {
        const done = await binAction(services, principal, form, dir);
        if ('confirm' in done) return data({ intent: binIntent, confirm: done.confirm });
        return backTo(dir, { do: 'bin', notice: done.notice, name: done.path });
      },
      values: {},
    };
  const fields = { ...Object.fromEntries(form), name: form.getAll('name').map(String) };
  const parsed = explorerIntentSchema.safeParse(fields);
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    intent: parsed.success ? (parsed.data.intent as ExplorerIntent) : null,
    run: async () => {
      if (!parsed.success) throw parsed.error;
      return runIntent(services, principal, dir, origin, parsed.data);
    },
    values: {
      folder: text('folder'),
      newName: text('newName'),
      content: text('content'),
      newFolder: text('newFolder'),
      // The share dialog's choices (never its password), shown again after a failure.
      share: uploadFormValues(Object.fromEntries([...form].map(([key, value]) => [key, String(value)]))),
    },
  };
}
