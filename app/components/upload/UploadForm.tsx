import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FileIcon } from '~/components/file/icons';
import { useHydrated } from '~/components/ui/use-hydrated';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { Field, fieldAria } from '~/components/paste/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { DEFAULT_EXPIRY } from '~/lib/expiry';
import { formatBytes } from '~/lib/format';
import { SLUG_MAX_LENGTH } from '~/lib/slug';
import type { UploadFormValues } from './upload-form';
import { useErrorFocus } from '~/components/ui/use-error-focus';

export interface StorageChoice {
  id: string;
  name: string;
  provider: string;
  isDefault: boolean;
}

const NO_ERRORS: Record<string, string> = {};

/**
 * The file tab: a real multipart form posted to /upload, so it uploads without JavaScript. The
 * options come first and the file last (with `fields_first` ahead of everything), so the server
 * streams the file straight to storage. With JavaScript the same form is submitted by React Router,
 * with a progress indicator while it runs.
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
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === '/upload';
  const form = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState<{ size: number } | null>(null);

  // With JavaScript the page is not reloaded: clear the password, show the first mistake.
  useErrorFocus(form, formError, fieldErrors);

  const errors: Record<string, string | undefined> = { ...fieldErrors };
  if (formError && errorField && !errors[errorField]) errors[errorField] = formError;
  const v = values;
  const defaultConfig = configs.find((c) => c.isDefault)?.id ?? configs[0]?.id ?? '';
  const maxText = formatBytes(maxBytes);
  const tooBig = chosen !== null && chosen.size > maxBytes;

  return (
    <Form
      ref={form}
      method="post"
      action="/upload"
      encType="multipart/form-data"
      className="grid scroll-mt-24 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      noValidate
      aria-labelledby="page-heading"
    >
      {/* Must stay first: tells the server every option arrives before the file. */}
      <input type="hidden" name="fields_first" value="1" />
      {formError && (
        <div className="lg:col-span-2">
          <FormAlert>{formError}</FormAlert>
        </div>
      )}

      <section aria-labelledby="options-heading" className="card min-w-0 p-5 sm:p-6">
        <h2 id="options-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
          {t('upload.form.optionsHeading')}
        </h2>
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-x-5 gap-y-4 md:grid-cols-2">
          <Field id="slug" label={t('upload.form.slug')} hint={t('upload.form.slugHint')} error={errors.slug}>
            <input
              id="slug"
              name="slug"
              className="input font-mono"
              maxLength={SLUG_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              defaultValue={v?.slug ?? ''}
              {...fieldAria('slug', errors.slug, true)}
            />
          </Field>
          <Field
            id="password"
            label={t('upload.form.password')}
            hint={t('upload.form.passwordHint')}
            error={errors.password}
          >
            <input
              id="password"
              name="password"
              type="password"
              className="input"
              autoComplete="new-password"
              maxLength={200}
              {...fieldAria('password', errors.password, true)}
            />
          </Field>
          <div className="md:col-span-2">
            <ExpiryField
              idPrefix="create"
              choice={v?.expiry ?? DEFAULT_EXPIRY}
              days={v?.expiryDays ?? ''}
              errors={{ expiry: errors.expiry ?? errors.expires_in, expiryDays: errors.expiryDays }}
            />
          </div>
          <Field
            id="max_views"
            label={t('upload.form.maxViews')}
            hint={t('upload.form.maxViewsHint')}
            error={errors.max_views}
          >
            <input
              id="max_views"
              name="max_views"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="input"
              defaultValue={v?.max_views ?? '0'}
              {...fieldAria('max_views', errors.max_views, true)}
            />
          </Field>
          <Field id="remark" label={t('upload.form.remark')} hint={t('upload.form.remarkHint')} error={errors.remark}>
            <input
              id="remark"
              name="remark"
              className="input"
              maxLength={1000}
              autoComplete="off"
              defaultValue={v?.remark ?? ''}
              {...fieldAria('remark', errors.remark, true)}
            />
          </Field>
          <Field
            id="s3_config_id"
            label={t('upload.form.storage')}
            hint={t('upload.form.storageHint')}
            error={errors.s3_config_id}
          >
            <select
              id="s3_config_id"
              name="s3_config_id"
              className="input"
              defaultValue={v?.s3_config_id || defaultConfig}
              {...fieldAria('s3_config_id', errors.s3_config_id, true)}
            >
              {configs.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.isDefault
                    ? t('upload.form.storageDefault', { name: c.name, provider: c.provider })
                    : t('upload.form.storageOption', { name: c.name, provider: c.provider })}
                </option>
              ))}
            </select>
          </Field>
          <Field id="path" label={t('upload.form.path')} hint={t('upload.form.pathHint')} error={errors.path}>
            <input
              id="path"
              name="path"
              className="input font-mono"
              maxLength={500}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              defaultValue={v?.path ?? ''}
              {...fieldAria('path', errors.path, true)}
            />
          </Field>
          <fieldset className="md:col-span-2">
            <legend className="field-label">{t('upload.form.links')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(['1', '0'] as const).map((mode) => (
                <label
                  key={mode}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3 text-sm transition-colors hover:border-brand/50 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40"
                >
                  <input
                    type="radio"
                    name="use_proxy"
                    value={mode}
                    defaultChecked={(v?.use_proxy ?? '1') === mode}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
                  />
                  <span>
                    <span className="block font-medium">
                      {mode === '1' ? t('upload.form.linksProxy') : t('upload.form.linksDirect')}
                    </span>
                    <span className="mt-0.5 block text-xs text-subtle">
                      {mode === '1' ? t('upload.form.linksProxyHint') : t('upload.form.linksDirectHint')}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </section>

      <section aria-labelledby="file-heading" className="card min-w-0 self-start p-5 sm:p-6 lg:sticky lg:top-20">
        <h2 id="file-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
          {t('upload.form.fileHeading')}
        </h2>
        <div
          className={`mt-4 rounded-xl border-2 border-dashed p-4 text-center transition-colors ${
            errors.file ? 'border-danger/60 bg-danger/5' : 'border-line bg-surface hover:border-brand/60'
          }`}
        >
          <span className="mx-auto flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-accent">
            <FileIcon name="upload" className="h-5 w-5" />
          </span>
          <label htmlFor="file" className="mt-3 block text-sm font-medium">
            {t('upload.form.file')}
          </label>
          <p id="file-hint" className="mt-1 text-xs text-subtle">
            {t('upload.form.maxSize', { max: maxText })}
          </p>
          {/* Must stay the last field of the form (see fields_first above). */}
          <input
            id="file"
            name="file"
            type="file"
            className="mt-3 block w-full cursor-pointer text-sm text-subtle file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-line file:bg-raised file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink hover:file:bg-muted"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'file-error file-hint' : 'file-hint'}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setChosen(file ? { size: file.size } : null);
            }}
          />
          {chosen && (
            <p className={`mt-2 text-xs break-all ${tooBig ? 'text-danger' : 'text-subtle'}`} aria-live="polite">
              {tooBig
                ? t('upload.form.chosenTooBig', { size: formatBytes(chosen.size), max: maxText })
                : t('upload.form.chosen', { size: formatBytes(chosen.size) })}
            </p>
          )}
        </div>
        {errors.file && (
          <p id="file-error" className="field-error">
            {errors.file}
          </p>
        )}
        {formError && !hydrated && <p className="mt-2 text-xs text-subtle">{t('upload.form.chooseAgain')}</p>}
        <button type="submit" className="btn btn-primary mt-5 w-full" disabled={busy}>
          <FileIcon name="upload" />
          {busy ? t('upload.form.submitting') : t('upload.form.submit')}
        </button>
        {busy && (
          <div className="mt-3" role="status">
            <progress className="h-1.5 w-full accent-brand" aria-label={t('upload.form.progress')} />
            <p className="mt-1 text-xs text-subtle">{t('upload.form.progressHint')}</p>
          </div>
        )}
      </section>
    </Form>
  );
}
