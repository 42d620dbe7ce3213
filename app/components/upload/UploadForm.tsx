import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigate, useRevalidator } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { FormAlert, FormErrorAlert } from '~/components/ui/FormAlert';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { useHydrated } from '~/components/ui/use-hydrated';
import { formatBytes } from '~/lib/format';
import { createUploadApi, type ShareOptions } from '~/lib/upload/api';
import { uploadErrorText } from '~/lib/upload/upload-error';
import { ResumableUploads } from './ResumableUploads';
import {
  fieldOfError,
  formFields,
  NO_ERRORS,
  uploadInputFromForm,
  type ClientErrors,
  type UploadFormValues,
} from './upload-form';
import { UPLOAD_OPTION_FIELDS, UploadOptionsFields, type StorageChoice } from './UploadOptionsFields';

const FIELDS = [...UPLOAD_OPTION_FIELDS, 'file'];
import { UploadQueue } from './UploadQueue';
import { sealShareUpload } from './sealed-upload';
import { EncryptChoice } from '~/components/ui/EncryptChoice';
import { useFileUploads, type UploadItem } from './use-file-uploads';
import { useSharedFiles } from '~/components/pwa/use-shared-inbox';

export type { StorageChoice } from './UploadOptionsFields';

const uploadApi = createUploadApi();

/**
 * The file tab. Without JavaScript: a real multipart form posted to /upload (options first, the
 * file last, `fields_first` ahead of everything) that the server streams straight to storage.
 * With JavaScript the same form becomes a multi-file uploader: files are chosen, dropped or pasted,
 * listed with their progress, and sent straight to storage (one PUT, or resumable multipart for
 * files larger than a part) with the options of the form. One file that succeeds shows the same
 * share box as the form; several show their links in the list.
 */
export function UploadForm({
  configs,
  maxBytes,
  values,
  formError,
  fieldErrors = NO_ERRORS,
  errorField,
}: {
  configs: StorageChoice[];
  maxBytes: number;
  /** What was chosen, after a failed attempt (never the password, never the file). */
  values?: UploadFormValues;
  formError?: string;
  fieldErrors?: Record<string, string>;
  /** The field a domain error (slug taken, file too large…) belongs to. */
  errorField?: string;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [clientErrors, setClientErrors] = useState<ClientErrors | null>(null);
  const [dragging, setDragging] = useState(false);
  const maxText = formatBytes(maxBytes);

  const readOptions = useCallback((): ShareOptions | null => {
    if (!form.current) return null;
    const converted = uploadInputFromForm(formFields(form.current));
    return converted.ok ? converted.input : null;
  }, []);

  const fail = (message: string, field?: string) =>
    setClientErrors({ formError: message, fieldErrors: field ? { [field]: message } : {} });
  const errorText = (error: unknown) => uploadErrorText(error, { t, exists: (key) => i18n.exists(key) });

  // "One link for all": the options of the link the batch becomes once uploaded (null: one link each).
  const [oneLink, setOneLink] = useState(false);
  const bundling = useRef<ShareOptions | null>(null);
  const bundle = async (ids: string[], options: ShareOptions) => {
    try {
      const made = await uploadApi.bundle({ ...options, ids });
      navigate(`/upload?uploaded=${encodeURIComponent(made.id)}`);
    } catch (error) {
      fail(t('upload.batch.bundleFailed', { reason: errorText(error) }));
      void revalidator.revalidate();
    }
  };

  // "Encrypt in the browser": read when "Upload" is pressed, for the whole batch.
  const [encrypt, setEncrypt] = useState(false);
  const sealing = useRef(false);
  const uploads = useFileUploads({
    maxBytes,
    getOptions: readOptions,
    seal: (file, meta, options) => (sealing.current ? sealShareUpload(file, meta, options) : Promise.resolve(null)),
    onBatchDone: (batch: UploadItem[], listed: number) => {
      const failed = batch.filter((item) => item.status === 'error');
      const linked = bundling.current;
      bundling.current = null;
      const done = batch.flatMap((item) => (item.status === 'success' && item.result ? [item.result.id] : []));
      if (linked && done.length > 1) {
        if (failed.length) fail(t('upload.batch.someFailed', { failed: failed.length, total: batch.length }));
        void bundle(done, linked);
        return;
      }
      const only = batch.length === 1 ? batch[0] : undefined;
      if (only && failed.length === 1) {
        const error = only.error;
        fail(errorText(error), error?.key ? fieldOfError(error.key) : undefined);
        return;
      }
      if (failed.length) fail(t('upload.batch.someFailed', { failed: failed.length, total: batch.length }));
      // One file: the share box of the form (QR code, download link), as after a form post.
      if (only?.status === 'success' && listed === 1 && only.result)
        navigate(`/upload?uploaded=${encodeURIComponent(only.result.id)}`);
      else if (batch.some((item) => item.status === 'success')) void revalidator.revalidate();
    },
    onItemDone: (item, listed) => {
      if (item.status !== 'success') return;
      if (listed === 1 && item.result) navigate(`/upload?uploaded=${encodeURIComponent(item.result.id)}`);
      else void revalidator.revalidate();
    },
  });
  const { addFiles } = uploads;
  /** Files chosen, dropped or pasted join the list; an earlier "choose a file" error goes. */
  const takeFiles = useCallback(
    (files: File[]) => {
      setClientErrors(null);
      addFiles(files);
    },
    [addFiles],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const converted = uploadInputFromForm(formFields(event.currentTarget));
    if (!converted.ok) return fail(t(`upload.form.${converted.problem}`), converted.field);
    if (uploads.pendingCount === 0 && uploads.tooLargeCount > 0)
      return fail(t('errors.fileTooLarge', { max: maxText }), 'file');
    if (uploads.pendingCount === 0) return fail(t('errors.fileRequired'), 'file');
    // Each encrypted file has its own key: no one link for all.
    const linked = oneLink && !encrypt && uploads.pendingCount > 1;
    sealing.current = encrypt;
    if (converted.input.slug && uploads.pendingCount > 1 && !linked)
      return fail(t('upload.batch.slugSingleOnly'), 'slug');
    setClientErrors(null);
    // One link: the files go up as plain uploads (with the password, for the moment before they are
    // linked), and the link gets the slug, view limit and remark.
    bundling.current = linked ? converted.input : null;
    const { slug: _slug, max_views: _views, remark: _remark, ...each } = converted.input;
    void uploads.startAll(linked ? each : converted.input);
  };

  // Files pasted or dropped anywhere on the page join the list (a drop must never replace the page
  // and stop the uploads).
  useEffect(() => {
    if (!hydrated) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      takeFiles(files);
    };
    const carriesFiles = (event: globalThis.DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    // Leaving the window (no element to go to) ends the highlight; moving between elements does not.
    const onDragLeave = (event: globalThis.DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const onDrop = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length) takeFiles(files);
    };
    document.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [hydrated, takeFiles]);

  // A file chosen before the page came to life is picked up.
  useEffect(() => {
    const input = fileInput.current;
    if (!hydrated || !input?.files?.length) return;
    const files = [...input.files];
    input.value = '';
    addFiles(files);
  }, [hydrated, addFiles]);

  // Files shared from another app (the manifest's share target) join the list.
  const sharedCount = useSharedFiles(hydrated, takeFiles);

  const shown = hydrated && clientErrors ? clientErrors : { formError, fieldErrors };
  // With JavaScript the page is not reloaded: clear the password, show the first mistake.
  useErrorFocus(form, shown.formError, shown.fieldErrors);

  const errors: Record<string, string | undefined> = { ...shown.fieldErrors };
  if (!clientErrors && formError && errorField && !errors[errorField]) errors[errorField] = formError;

  const pending = uploads.pendingCount;
  const submitLabel = uploads.busy
    ? t('upload.batch.uploading')
    : pending > 1
      ? t('upload.batch.start', { count: pending })
      : t('upload.form.submit');
  const announcement = uploads.announcement
    ? t('upload.batch.announce', {
        name: uploads.announcement.name,
        status: t(`upload.status.${uploads.announcement.status}`, { percent: uploads.announcement.percent }),
      })
    : '';

  return (
    <Form
      ref={form}
      method="post"
      action="/upload"
      encType="multipart/form-data"
      className="scroll-mt-24 space-y-6"
      noValidate
      aria-labelledby="page-heading"
      onSubmit={hydrated ? onSubmit : undefined}
    >
      {/* Must stay first: tells the server every option arrives before the file. */}
      <input type="hidden" name="fields_first" value="1" />
      <FormErrorAlert formError={shown.formError} fieldErrors={errors} fields={FIELDS} />
      {sharedCount > 0 && <FormAlert tone="success">{t('pwa.shared.filesReady', { count: sharedCount })}</FormAlert>}
      {hydrated && <ResumableUploads entries={uploads.resumable} onDiscard={uploads.discardStored} />}

      {/*
        The drop zone leads and the options fold below it, but the options come first in the
        document: without JavaScript the browser posts fields in document order, and the server
        reads every option before the file (fields_first). CSS order puts them in their place.
      */}
      <div className="flex flex-col gap-6">
        <UploadOptionsFields
          configs={configs}
          values={values}
          errors={errors}
          slugHint={hydrated && pending > 1 && !oneLink ? t('upload.batch.slugOneFile') : undefined}
          note={hydrated ? t('upload.batch.optionsNote') : undefined}
          folded
          className="order-2"
        />

        <section aria-labelledby="file-heading" className="card order-1 min-w-0 p-5 sm:p-6">
          <h2 id="file-heading" className="sr-only">
            {t('upload.form.fileHeading')}
          </h2>
          <div
            className={`flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-14 ${
              dragging
                ? 'border-brand bg-brand-soft/50'
                : errors.file
                  ? 'border-danger/60 bg-danger/5'
                  : 'border-line bg-surface'
            }`}
          >
            <span className="order-first flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent sm:h-14 sm:w-14">
              <Icon name="upload" className="h-6 w-6" />
            </span>
            {/* Must stay the last field of the form (see fields_first above). With JavaScript it is
                emptied after each choice, so its own "No file chosen" would be wrong: the label
                becomes the button and the list below says what was chosen. */}
            <input
              ref={fileInput}
              id="file"
              name="file"
              type="file"
              multiple={hydrated}
              className={
                hydrated
                  ? 'peer sr-only'
                  : 'mt-3 block w-full max-w-sm cursor-pointer text-sm text-subtle file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-line file:bg-raised file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink hover:file:bg-muted'
              }
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={[errors.file ? 'file-error' : '', 'file-hint', hydrated ? 'file-drop-hint' : '']
                .filter(Boolean)
                .join(' ')}
              onChange={
                hydrated
                  ? (event) => {
                      const files = [...(event.currentTarget.files ?? [])];
                      // Emptied, so choosing the same file again is noticed.
                      event.currentTarget.value = '';
                      if (files.length) takeFiles(files);
                    }
                  : undefined
              }
            />
            <label
              htmlFor="file"
              className={
                hydrated
                  ? 'btn mt-4 cursor-pointer px-4 py-2 peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-offset-2'
                  : 'order-first mt-3 block text-sm font-medium'
              }
            >
              {t('upload.form.file')}
            </label>
            {hydrated && (
              <p id="file-drop-hint" className="mt-3 text-sm text-subtle" aria-live="polite">
                {dragging ? t('upload.batch.dropActive') : t('upload.batch.several')}
              </p>
            )}
            <p id="file-hint" className="mt-1 text-xs text-subtle">
              {t('upload.form.maxSize', { max: maxText })}
            </p>
          </div>
          {errors.file && (
            <p id="file-error" className="field-error">
              {errors.file}
            </p>
          )}
          {formError && !hydrated && <p className="mt-2 text-xs text-subtle">{t('upload.form.chooseAgain')}</p>}
          <EncryptChoice
            label={t('file.encrypted.option')}
            hint={t('file.encrypted.optionHint')}
            hydrated={hydrated}
            checked={encrypt}
            onChange={setEncrypt}
            className="mt-5"
          />
          {hydrated && pending > 1 && !encrypt && (
            <label className="mt-5 flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand"
                checked={oneLink}
                onChange={(event) => setOneLink(event.currentTarget.checked)}
                aria-describedby="one-link-hint"
              />
              <span>
                <span className="font-medium">{t('upload.batch.oneLink')}</span>
                <span id="one-link-hint" className="block text-xs text-subtle">
                  {t('upload.batch.oneLinkHint')}
                </span>
              </span>
            </label>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
            {hydrated && uploads.active && (
              <p className="mr-auto text-xs text-subtle">{t('upload.form.progressHint')}</p>
            )}
            <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-48" disabled={uploads.busy}>
              <Icon name="upload" />
              {submitLabel}
            </button>
          </div>
        </section>

        {hydrated && uploads.items.length > 0 && (
          <div className="order-1">
            <UploadQueue items={uploads.items} actions={uploads} maxText={maxText} announcement={announcement} />
          </div>
        )}
      </div>
      {/* While files are dragged over the page, all of it is the drop target. */}
      {dragging && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-2 z-50 rounded-2xl border-4 border-dashed border-brand bg-brand-soft/30"
        />
      )}
    </Form>
  );
}
