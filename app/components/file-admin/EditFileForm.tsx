import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { SlugField, PasswordEditField, MaxViewsField, RemarkField } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import type { FileEdit, FileEditValues } from './view';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { utcText } from '~/components/ui/DateTime';

const NO_ERRORS: Record<string, string> = {};

/**
 * Edit one file share (remark, link suffix, expiry, max views, password, proxy links): a real form
 * with intent "update" that works without JavaScript, handled by the file management action.
 */
export function EditFileForm({
  file,
  values,
  formError,
  fieldErrors = NO_ERRORS,
  cancelTo,
}: {
  file: FileEdit;
  values?: FileEditValues;
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

  const keepLabel = file.expiresAt ? utcText(file.expiresAt, i18n.language) : t('fileAdmin.list.never');
  return (
    <Form ref={form} method="post" className="space-y-5" noValidate>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={file.id} />
      <input type="hidden" name="max_views_before" value={maxViews} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-x-5 gap-y-4 md:grid-cols-2">
        <RemarkField
          id="edit-remark"
          label={t('fileAdmin.edit.remark')}
          error={fieldErrors.remark}
          defaultValue={values?.remark ?? file.remark ?? ''}
          className="md:col-span-2"
        />
        <SlugField
          id="edit-slug"
          label={t('fileAdmin.edit.slug')}
          hint={t('fileAdmin.edit.slugHint')}
          error={fieldErrors.slug}
          defaultValue={values?.slug ?? file.slug}
        />
        <MaxViewsField
          id="edit-max_views"
          name="max_views"
          label={t('fileAdmin.edit.maxViews')}
          hint={t('fileAdmin.edit.maxViewsHint', { views: file.views })}
          error={fieldErrors.max_views}
          defaultValue={values?.maxViews ?? maxViews}
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
        <PasswordEditField
          label={t('fileAdmin.edit.password')}
          hint={file.hasPassword ? t('fileAdmin.edit.passwordHintSet') : t('fileAdmin.edit.passwordHintNone')}
          error={fieldErrors.password}
          hasPassword={file.hasPassword}
          clearName="clear_password"
          clearChecked={values?.clearPassword}
          clearLabel={t('fileAdmin.edit.clearPassword')}
          currentLabel={t('fileAdmin.edit.currentPassword')}
          plainPassword={file.plainPassword}
        />
        <div className="flex gap-3 md:pt-7">
          <input
            id="edit-use_proxy"
            type="checkbox"
            name="use_proxy"
            value="1"
            defaultChecked={values?.useProxy ?? file.useProxy}
            aria-describedby="edit-use_proxy-hint"
            className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-brand"
          />
          <div>
            <label htmlFor="edit-use_proxy" className="cursor-pointer text-sm font-medium">
              {t('fileAdmin.edit.useProxy')}
            </label>
            <p id="edit-use_proxy-hint" className="mt-0.5 text-xs text-subtle">
              {t('fileAdmin.edit.useProxyHint')}
            </p>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('fileAdmin.edit.saving') : t('fileAdmin.edit.save')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('fileAdmin.edit.cancel')}
        </Link>
      </div>
    </Form>
  );
}
