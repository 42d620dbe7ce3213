import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { useHydrated } from '~/components/ui/use-hydrated';
import { formatBytes } from '~/lib/format';
import { createUploadApi, type UrlInfo } from '~/lib/upload/api';
import type { UploadStage } from '~/lib/upload/multipart-uploader';
import { putBlob } from '~/lib/upload/put';
import { isCancelled, toUploadError, uploadErrorText, type UploadError } from '~/lib/upload/upload-error';
import { isHttpUrl, uploadFromUrl, type UrlUploadProgress } from '~/lib/upload/url-upload';
import { ProgressBar } from './ProgressBar';
import {
  fieldOfError,
  formFields,
  NO_ERRORS,
  uploadInputFromForm,
  type ClientErrors,
  type UploadFormValues,
} from './upload-form';
import { UPLOAD_OPTION_FIELDS, UploadOptionsFields, type StorageChoice } from './UploadOptionsFields';

const FIELDS = [...UPLOAD_OPTION_FIELDS, 'url'];

const api = createUploadApi();
export type UrlFormValues = UploadFormValues & { url: string };

/** Message keys of the URL endpoints that are about the URL itself. */
const URL_KEYS = new Set(['urlRequired', 'urlNotAllowed', 'urlUnreachable', 'urlRemoteStatus']);

export function urlFieldOfError(key: string | undefined): string | undefined {
  if (!key) return undefined;
  return URL_KEYS.has(key) ? 'url' : fieldOfError(key);
}

/**
 * The URL tab. Without JavaScript: a form (intent "url") posted to the page, whose action has the
 * server fetch the URL and store it. With JavaScript: "Fetch info" shows the file's name, size and
 * type; "Upload from URL" downloads it in the browser (through our proxy when the site allows no
 * cross-origin reads) and uploads it straight to storage, with progress 0–49 % for the download
 * and 50–99 % for the upload, and a Cancel button.
 */
export function UrlUploadForm({
  configs,
  values,
  formError,
  fieldErrors = NO_ERRORS,
  errorField,
}: {
  configs: StorageChoice[];
  values?: Partial<UrlFormValues>;
  formError?: string;
  fieldErrors?: Record<string, string>;
  errorField?: string;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [clientErrors, setClientErrors] = useState<ClientErrors | null>(null);
  const [info, setInfo] = useState<UrlInfo | null>(null);
  const [loadingInfo, setLoadingInfo] = useState(false);
  const [running, setRunning] = useState(false);
  const [stage, setStage] = useState<UploadStage>('starting');
  const [progress, setProgress] = useState<UrlUploadProgress | null>(null);
  const [notice, setNotice] = useState('');
  const posting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'url';

  // Leaving the tab stops a URL upload (its pending record is cancelled).
  useEffect(() => () => abort.current?.abort(), []);

  const exists = (key: string) => i18n.exists(key);
  const fail = (error: UploadError) => {
    const message = uploadErrorText(error, { t, exists });
    const field = urlFieldOfError(error.key);
    setClientErrors({ formError: message, fieldErrors: field ? { [field]: message } : {} });
  };
  const badUrl = () => {
    const message = t('upload.url.invalid');
    setClientErrors({ formError: message, fieldErrors: { url: message } });
  };

  const currentUrl = () => (form.current ? (formFields(form.current).url?.trim() ?? '') : '');

  const fetchInfo = async () => {
    const url = currentUrl();
    if (!isHttpUrl(url)) return badUrl();
    setClientErrors(null);
    setLoadingInfo(true);
    try {
      setInfo(await api.urlInfo({ url }));
    } catch (error) {
      setInfo(null);
      fail(toUploadError(error));
    } finally {
      setLoadingInfo(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    const url = fields.url?.trim() ?? '';
    if (!isHttpUrl(url)) return badUrl();
    const converted = uploadInputFromForm(fields);
    if (!converted.ok) {
      const message = t(`upload.form.${converted.problem}`);
      return setClientErrors({ formError: message, fieldErrors: { [converted.field]: message } });
    }
    setClientErrors(null);
    setNotice('');
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setStage('starting');
    setProgress({ phase: 'download', percent: 0, loaded: 0, total: null });
    try {
      const record = await uploadFromUrl({
        api,
        put: putBlob,
        url,
        info: info?.url === url ? info : undefined,
        options: converted.input,
        signal: controller.signal,
        onProgress: setProgress,
        onStage: setStage,
      });
      navigate(`/upload?uploaded=${encodeURIComponent(record.id)}`);
    } catch (error) {
      if (isCancelled(error) || controller.signal.aborted) setNotice(t('upload.url.cancelled'));
      else fail(toUploadError(error));
    } finally {
      abort.current = null;
      setRunning(false);
      setProgress(null);
    }
  };

  const shown = hydrated && clientErrors ? clientErrors : { formError, fieldErrors };
  useErrorFocus(form, shown.formError, shown.fieldErrors);
  const errors: Record<string, string | undefined> = { ...shown.fieldErrors };
  if (!clientErrors && formError && errorField && !errors[errorField]) errors[errorField] = formError;

  const progressText = !progress
    ? ''
    : progress.phase === 'done'
      ? t('upload.url.done')
      : progress.phase === 'upload'
        ? t('upload.url.uploading', { percent: progress.percent ?? 50 })
        : progress.percent === null
          ? t('upload.url.downloadingBytes', { loaded: formatBytes(progress.loaded) })
          : t('upload.url.downloading', { percent: progress.percent });

  return (
    <Form
      ref={form}
      method="post"
      action="/upload?tab=url"
      className="grid scroll-mt-24 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      noValidate
      aria-labelledby="page-heading"
      onSubmit={hydrated ? onSubmit : undefined}
    >
      <input type="hidden" name="intent" value="url" />
      {shown.formError && (
        <div className="lg:col-span-2">
          <FormErrorAlert formError={shown.formError} fieldErrors={errors} fields={FIELDS} />
        </div>
      )}

      <UploadOptionsFields configs={configs} values={values} errors={errors} />

      <section aria-labelledby="url-heading" className="card min-w-0 self-start p-5 sm:p-6 lg:sticky lg:top-20">
        <div className="flex items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
            <Icon name="globe" className="h-4.5 w-4.5" />
          </span>
          <div className="min-w-0">
            <h2 id="url-heading" className="font-semibold">
              {t('upload.url.heading')}
            </h2>
            <p className="mt-1 text-xs text-subtle">{t('upload.url.body')}</p>
          </div>
        </div>
        <Field
          id="url"
          label={t('upload.url.field')}
          hint={t('upload.url.fieldHint')}
          error={errors.url}
          className="mt-4"
        >
          <input
            id="url"
            name="url"
            type="url"
            inputMode="url"
            className="input font-mono"
            placeholder="https://example.com/file.zip"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={8192}
            defaultValue={values?.url ?? ''}
            onChange={() => setInfo(null)}
            {...fieldAria('url', errors.url, true)}
          />
        </Field>
        {hydrated && (
          <button
            type="button"
            className="btn mt-3 w-full"
            onClick={() => void fetchInfo()}
            disabled={loadingInfo || running}
          >
            <Icon name="search" />
            {loadingInfo ? t('upload.url.fetchingInfo') : t('upload.url.fetchInfo')}
          </button>
        )}
        {info && (
          <section aria-labelledby="url-info-heading" className="mt-3 rounded-lg border border-line bg-surface p-3">
            <h3 id="url-info-heading" className="text-xs font-semibold tracking-wide text-subtle uppercase">
              {t('upload.url.infoHeading')}
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-subtle">{t('upload.url.infoName')}</dt>
              <dd className="truncate font-medium" title={info.filename}>
                {info.filename}
              </dd>
              <dt className="text-subtle">{t('upload.url.infoSize')}</dt>
              <dd className="tabular-nums">
                {info.size === null ? t('upload.url.sizeUnknown') : formatBytes(info.size)}
              </dd>
              <dt className="text-subtle">{t('upload.url.infoType')}</dt>
              <dd className="truncate font-mono text-xs leading-5">{info.contentType}</dd>
            </dl>
          </section>
        )}
        <button type="submit" className="btn btn-primary mt-5 w-full" disabled={running || posting}>
          <Icon name="upload" />
          {running || posting ? t('upload.url.submitting') : t('upload.url.submit')}
        </button>
        {posting && <p className="mt-2 text-xs text-subtle">{t('upload.url.serverHint')}</p>}
        {running && progress && (
          <div className="mt-4 space-y-2">
            <ProgressBar label={t('upload.url.progress')} percent={progress.percent} valueText={progressText} />
            <p className="flex flex-wrap justify-between gap-x-3 text-xs text-subtle" aria-live="polite">
              <span>{progressText}</span>
              {progress.phase === 'upload' && <span>{t(`upload.stage.${stage}`)}</span>}
            </p>
            <button type="button" className="btn w-full text-danger" onClick={() => abort.current?.abort()}>
              {t('upload.url.cancel')}
            </button>
          </div>
        )}
        {notice && (
          <p role="status" className="mt-3 text-sm text-subtle">
            {notice}
          </p>
        )}
        <p className="mt-4 text-xs text-subtle">
          <Link to="/upload" className="link">
            {t('upload.url.useFileTab')}
          </Link>
        </p>
      </section>
    </Form>
  );
}
