import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { useErrorFocus } from '~/components/ui/use-error-focus';

export const WEBDAV_UPLOAD_MODES = ['direct', 'multipart'] as const;
const NO_ERRORS: Record<string, string> = {};

/** The WebDAV setting (group 3): the upload mode as two radio buttons, each with what it means. */
export function WebdavSettingsForm({
  mode,
  formError,
  fieldErrors = NO_ERRORS,
}: {
  mode: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  useErrorFocus(form, formError, fieldErrors);
  const error = fieldErrors.webdav_upload_mode;

  return (
    <Form ref={form} method="post" className="card space-y-6" noValidate>
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset>
        <legend className="field-label">{t('settings.webdav.uploadMode')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {WEBDAV_UPLOAD_MODES.map((value) => (
            <label
              key={value}
              htmlFor={`webdav-mode-${value}`}
              className="flex cursor-pointer gap-3 rounded-lg border border-line bg-surface p-4 has-checked:border-brand has-checked:bg-brand-soft"
            >
              <input
                id={`webdav-mode-${value}`}
                type="radio"
                name="webdav_upload_mode"
                value={value}
                defaultChecked={mode === value}
                aria-invalid={error ? true : undefined}
                aria-describedby={`webdav-mode-${value}-hint${error ? ' webdav_upload_mode-error' : ''}`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
              />
              <span>
                <span className="block text-sm font-medium">{t(`settings.webdav.modes.${value}`)}</span>
                <span id={`webdav-mode-${value}-hint`} className="mt-1 block text-xs text-subtle">
                  {t(`settings.webdav.modes.${value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {error && (
          <p id="webdav_upload_mode-error" className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
      </button>
    </Form>
  );
}
