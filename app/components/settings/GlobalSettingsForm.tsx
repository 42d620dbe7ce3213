import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { Field, fieldAria, HintedCheck } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { MAX_PROXY_SIGN_EXPIRES } from '~/lib/setting-values';
import { SIZE_UNITS, type GlobalFormValues } from './global-form';
import { SettingsGroup } from './SettingsGroup';

const NO_ERRORS: Record<string, string> = {};

/**
 * The global settings (group 1): a real form posted to the page's action, so it works without
 * JavaScript. Field names are the setting keys, so the model's per-key errors land on their field.
 */
export function GlobalSettingsForm({
  values,
  formError,
  fieldErrors = NO_ERRORS,
}: {
  values: GlobalFormValues;
  formError?: string;
  fieldErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  useErrorFocus(form, formError, fieldErrors);
  const sizeError = fieldErrors.max_upload_size;
  const hostsAria = fieldAria('url_fetch_allowed_hosts', fieldErrors.url_fetch_allowed_hosts, true);

  return (
    <Form ref={form} method="post" className="card scroll-mt-24 space-y-6" noValidate>
      {formError && <FormAlert>{formError}</FormAlert>}

      <SettingsGroup legend={t('settings.global.uploads')}>
        <div>
          {/* The amount and its unit sit on one row; the unit's label is for screen readers only. */}
          <label htmlFor="max_upload_size" className="field-label">
            {t('settings.global.maxUploadSize')}
          </label>
          <div className="flex max-w-sm gap-2">
            <input
              id="max_upload_size"
              name="max_upload_size"
              inputMode="decimal"
              className="input min-w-0 flex-1"
              autoComplete="off"
              required
              defaultValue={values.max_upload_size}
              {...fieldAria('max_upload_size', sizeError, true)}
            />
            <label htmlFor="max_upload_unit" className="sr-only">
              {t('settings.global.maxUploadUnit')}
            </label>
            <select
              id="max_upload_unit"
              name="max_upload_unit"
              className="input w-24 shrink-0"
              defaultValue={values.max_upload_unit}
            >
              {SIZE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </div>
          {sizeError ? (
            <p id="max_upload_size-error" className="field-error">
              {sizeError}
            </p>
          ) : (
            <p id="max_upload_size-hint" className="mt-1 text-xs text-subtle">
              {t('settings.global.maxUploadSizeHint')}
            </p>
          )}
        </div>
        <HintedCheck
          name="strip_image_metadata"
          checked={values.strip_image_metadata}
          label={t('settings.global.stripMetadata')}
          hint={t('settings.global.stripMetadataHint')}
        />
      </SettingsGroup>

      <SettingsGroup legend={t('settings.global.proxy')}>
        <HintedCheck
          name="proxy_sign_all"
          checked={values.proxy_sign_all}
          label={t('settings.global.proxySignAll')}
          hint={t('settings.global.proxySignAllHint')}
        />
        <Field
          id="proxy_sign_expires"
          label={t('settings.global.proxySignExpires')}
          hint={t('settings.global.proxySignExpiresHint')}
          error={fieldErrors.proxy_sign_expires}
          className="max-w-sm"
        >
          <input
            id="proxy_sign_expires"
            name="proxy_sign_expires"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PROXY_SIGN_EXPIRES}
            step={1}
            className="input"
            required
            defaultValue={values.proxy_sign_expires}
            {...fieldAria('proxy_sign_expires', fieldErrors.proxy_sign_expires, true)}
          />
        </Field>
      </SettingsGroup>

      <SettingsGroup legend={t('settings.global.privateHosts')}>
        <div
          role="note"
          aria-labelledby="allowed-hosts-warning-title"
          className="rounded-md border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p id="allowed-hosts-warning-title" className="font-semibold">
            {t('settings.global.allowedHostsWarningTitle')}
          </p>
          <p id="allowed-hosts-warning" className="mt-1">
            {t('settings.global.allowedHostsWarning')}
          </p>
        </div>
        <Field
          id="url_fetch_allowed_hosts"
          label={t('settings.global.allowedHosts')}
          hint={t('settings.global.allowedHostsHint')}
          error={fieldErrors.url_fetch_allowed_hosts}
        >
          <textarea
            id="url_fetch_allowed_hosts"
            name="url_fetch_allowed_hosts"
            rows={4}
            className="input font-mono"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={'nas.lan\n192.168.1.10\n10.0.0.0/24'}
            defaultValue={values.url_fetch_allowed_hosts}
            {...hostsAria}
            // Screen readers read the warning with the field, not only the hint or error.
            aria-describedby={`${hostsAria['aria-describedby']} allowed-hosts-warning`}
          />
        </Field>
      </SettingsGroup>

      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
      </button>
    </Form>
  );
}
