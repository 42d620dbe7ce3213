import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkModeField } from '~/components/upload/LinkModeField';
import { Form, Link, useNavigation } from 'react-router';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { SlugField, PasswordEditField, MaxViewsField, RemarkField } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import type { EditFileValues } from './edit-form';
import type { EditableFile } from './types';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { utcText } from '~/components/ui/DateTime';

const NO_ERRORS: Record<string, string> = {};

/**
 * The owner's (or an admin's) edit form of a file share: remark, link suffix, expiry, max views,
 * password (new or removed) and link mode. A real form with intent "update", handled by the file
 * page's action.
 */
export function EditFileForm({
  file,
  values,
  clearPassword,
  formError,
  fieldErrors = NO_ERRORS,
  cancelTo,
}: {
  file: EditableFile;
  values?: EditFileValues;
  clearPassword?: boolean;
  formError?: string;
  fieldErrors?: Record<string, string>;
  cancelTo: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update';
  const form = useRef<HTMLFormElement>(null);

  useErrorFocus(form, formError, fieldErrors);

  const keepLabel = file.expiresAt ? utcText(file.expiresAt, i18n.language) : t('file.meta.never');
  const slugError = fieldErrors.slug;
  const proxy = values?.use_proxy ?? (file.useProxy ? '1' : '0');
  return (
    <Form ref={form} method="post" className="scroll-mt-24 space-y-6" noValidate>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={file.id} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="card grid grid-cols-[minmax(0,1fr)] gap-5 p-5 md:grid-cols-2">
        <SlugField
          id="edit-slug"
          label={t('upload.form.slug')}
          hint={t('file.edit.slugHint')}
          error={slugError}
          defaultValue={values?.slug ?? file.slug}
        />
        <RemarkField
          id="edit-remark"
          label={t('upload.form.remark')}
          error={fieldErrors.remark}
          defaultValue={values?.remark ?? file.remark ?? ''}
        />
        <PasswordEditField
          label={t('file.edit.password')}
          hint={file.hasPassword ? t('file.edit.passwordHintSet') : t('file.edit.passwordHintNone')}
          error={fieldErrors.password}
          hasPassword={file.hasPassword}
          clearName="clearPassword"
          clearChecked={clearPassword}
          clearLabel={t('file.edit.clearPassword')}
          currentLabel={t('file.edit.currentPassword')}
          plainPassword={file.plainPassword}
        />
        <MaxViewsField
          id="edit-max_views"
          name="max_views"
          label={t('upload.form.maxViews')}
          hint={t('upload.form.maxViewsHint')}
          error={fieldErrors.max_views}
          defaultValue={values?.max_views ?? String(file.maxViews ?? 0)}
        />
        <div className="md:col-span-2">
          <ExpiryField
            idPrefix="edit"
            choice={values?.expiry ?? 'keep'}
            days={values?.expiryDays ?? ''}
            keepLabel={keepLabel}
            errors={{ expiry: fieldErrors.expiry ?? fieldErrors.expires_at, expiryDays: fieldErrors.expiryDays }}
          />
        </div>
        <LinkModeField checked={proxy} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('file.edit.submitting') : t('file.edit.submit')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('file.edit.cancel')}
        </Link>
        <p className="text-sm text-subtle">{t('file.edit.intro')}</p>
      </div>
    </Form>
  );
}
