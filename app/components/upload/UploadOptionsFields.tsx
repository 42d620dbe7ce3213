import { useTranslation } from '~/i18n/use-translation';
import { LinkModeField } from '~/components/upload/LinkModeField';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { Field, fieldAria, SlugField, NewPasswordField, MaxViewsField, RemarkField } from '~/components/ui/Field';
import { DEFAULT_EXPIRY, type ExpiryChoice } from '~/lib/expiry';
import { Icon } from '~/components/ui/Icon';
import type { UploadFormValues } from './upload-form';
import { providerLabel, storageDisplayName } from '~/lib/storage-name';

/** The fields shown with their own errors: a form using these options does not repeat them at the top. */
export const UPLOAD_OPTION_FIELDS = [
  'slug',
  'password',
  'expiry',
  'expires_in',
  'expiryDays',
  'max_views',
  'remark',
  's3_config_id',
  'path',
] as const;

/**
 * The options every share has, wherever it is made (the upload page, the explorer's share dialog):
 * link suffix, password, expiry, max views, remark. Cells of a two-column grid.
 */
export function ShareOptionFields({
  values: v,
  errors,
  slugHint,
  defaultExpiry = DEFAULT_EXPIRY,
}: {
  values?: Partial<Pick<UploadFormValues, 'slug' | 'expiry' | 'expiryDays' | 'max_views' | 'remark'>>;
  errors: Record<string, string | undefined>;
  slugHint?: string;
  /** The expiry chosen until the user picks one (the explorer's shares: a week). */
  defaultExpiry?: ExpiryChoice;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SlugField
        id="slug"
        label={t('upload.form.slug')}
        hint={slugHint ?? t('upload.form.slugHint')}
        error={errors.slug}
        defaultValue={v?.slug ?? ''}
      />
      <NewPasswordField
        id="password"
        label={t('upload.form.password')}
        hint={t('upload.form.passwordHint')}
        error={errors.password}
      />
      <div className="md:col-span-2">
        <ExpiryField
          idPrefix="create"
          choice={v?.expiry ?? defaultExpiry}
          days={v?.expiryDays ?? ''}
          errors={{ expiry: errors.expiry ?? errors.expires_in, expiryDays: errors.expiryDays }}
        />
      </div>
      <MaxViewsField
        id="max_views"
        name="max_views"
        label={t('upload.form.maxViews')}
        hint={t('upload.form.maxViewsHint')}
        error={errors.max_views}
        defaultValue={v?.max_views ?? '0'}
      />
      <RemarkField
        id="remark"
        label={t('upload.form.remark')}
        hint={t('upload.form.remarkHint')}
        error={errors.remark}
        defaultValue={v?.remark ?? ''}
      />
    </>
  );
}

export interface StorageChoice {
  id: string;
  name: string;
  provider: string;
  isDefault: boolean;
}

/**
 * The share options of an upload (link suffix, password, expiry, max views, remark, storage, folder,
 * link mode): the same named fields in the file form and the URL form, so both post the same
 * options and both work without JavaScript. `folded` puts them in a closed disclosure (a native
 * `<details>`, so it needs no script), open when something in them needs a look.
 */
export function UploadOptionsFields({
  configs,
  values: v,
  errors,
  slugHint,
  note,
  folded = false,
  className = '',
}: {
  configs: StorageChoice[];
  /** What was chosen, after a failed attempt (never the password). */
  values?: Partial<UploadFormValues>;
  errors: Record<string, string | undefined>;
  /** Replaces the link suffix hint (e.g. "one file only" while several files are chosen). */
  slugHint?: string;
  /** A line under the heading. */
  note?: string;
  folded?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const defaultConfig = configs.find((c) => c.isDefault)?.id ?? configs[0]?.id ?? '';
  const heading = (
    <h2 id="options-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
      {t('upload.form.optionsHeading')}
    </h2>
  );
  const fields = (
    <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-x-5 gap-y-4 md:grid-cols-2">
      <ShareOptionFields values={v} errors={errors} slugHint={slugHint} />
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
                ? t('upload.form.storageDefault', {
                    name: storageDisplayName(t, c.name),
                    provider: t(providerLabel(c.provider)),
                  })
                : t('upload.form.storageOption', {
                    name: storageDisplayName(t, c.name),
                    provider: t(providerLabel(c.provider)),
                  })}
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
      <LinkModeField checked={v?.use_proxy ?? '1'} />
    </div>
  );
  if (folded) {
    // Open after a failed attempt (what was chosen is worth a look) or while a field has an error.
    const open = v !== undefined || Object.values(errors).some(Boolean);
    return (
      <details open={open} aria-labelledby="options-heading" className={`card group min-w-0 p-5 sm:p-6 ${className}`}>
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-md [&::-webkit-details-marker]:hidden">
          <span className="min-w-0">
            {heading}
            <span className="mt-1 block text-xs text-subtle">{t('upload.form.optionsSummary')}</span>
          </span>
          <Icon
            name="chevronDown"
            className="h-4 w-4 shrink-0 text-subtle transition-transform group-open:rotate-180"
          />
        </summary>
        {note && <p className="mt-4 text-xs text-subtle">{note}</p>}
        {fields}
      </details>
    );
  }
  return (
    <section aria-labelledby="options-heading" className={`card min-w-0 p-5 sm:p-6 ${className}`}>
      {heading}
      {note && <p className="mt-1 text-xs text-subtle">{note}</p>}
      {fields}
    </section>
  );
}
