import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { MaxViewsField, PasswordEditField, RemarkField, SlugField } from '~/components/ui/Field';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import { utcText } from '~/components/ui/DateTime';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { LinkModeField } from '~/components/upload/LinkModeField';
import type { EditFileValues } from './edit-form';
import type { FileEditView } from './types';

/** The fields this form shows its own errors beside: their message is not repeated at the top. */
const FIELDS = ['remark', 'slug', 'max_views', 'expiry', 'expires_at', 'expiryDays', 'password'];

const NO_ERRORS: Record<string, string> = {};

/**
 * The one edit form of a file share, on its page (`?edit=1`) and in file management: remark, link
 * suffix, max views, expiry, password (new or removed) and link mode. A real form with intent
 * "update" that works without JavaScript; both actions read it with updateInputFromFileForm.
 */
export function EditFileForm({
  file,
  values,
  formError,
  fieldErrors = NO_ERRORS,
  cancelTo,
}: {
  file: FileEditView;
  values?: EditFileValues;
  formError?: string;
  fieldErrors?: Record<string, string>;
  cancelTo: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update';
  const form = useRef<HTMLFormElement>(null);
  const maxViews = String(file.maxViews ?? 0);

  useErrorFocus(form, formError, fieldErrors);

  const sealed = Boolean(file.envelope);
  const keepLabel = file.expiresAt ? utcText(file.expiresAt, i18n.language) : t('file.meta.never');
  return (
    <Form ref={form} method="post" className="scroll-mt-24 space-y-5" noValidate>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={file.id} />
      <input type="hidden" name="max_views_before" value={maxViews} />
      <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={FIELDS} />
      {sealed && <p className="card p-4 text-sm text-subtle">{t('file.encrypted.editNote')}</p>}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-x-5 gap-y-4 md:grid-cols-2">
        {!sealed && (
          <RemarkField
            id="edit-remark"
            label={t('file.edit.remark')}
            error={fieldErrors.remark}
            defaultValue={values?.remark ?? file.remark ?? ''}
            className="md:col-span-2"
          />
        )}
        <SlugField
          id="edit-slug"
          label={t('file.edit.slug')}
          hint={t('file.edit.slugHint')}
          error={fieldErrors.slug}
          defaultValue={values?.slug ?? file.slug}
        />
        <MaxViewsField
          id="edit-max_views"
          name="max_views"
          label={t('file.edit.maxViews')}
          hint={t('file.edit.maxViewsHint', { views: file.views })}
          error={fieldErrors.max_views}
          defaultValue={values?.max_views ?? maxViews}
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
        {!sealed && (
          <>
            <PasswordEditField
              label={t('file.edit.password')}
              hint={file.hasPassword ? t('file.edit.passwordHintSet') : t('file.edit.passwordHintNone')}
              error={fieldErrors.password}
              hasPassword={file.hasPassword}
              clearName="clearPassword"
              clearChecked={values?.clearPassword}
              clearLabel={t('file.edit.clearPassword')}
              currentLabel={t('file.edit.currentPassword')}
              plainPassword={file.plainPassword}
            />
            <LinkModeField checked={values?.use_proxy ?? (file.useProxy ? '1' : '0')} />
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('file.edit.submitting') : t('file.edit.submit')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('file.edit.cancel')}
        </Link>
      </div>
    </Form>
  );
}
