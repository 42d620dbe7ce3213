import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { ExpiryField } from '~/components/paste/ExpiryField';
import { Field, fieldAria } from '~/components/paste/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { SLUG_MAX_LENGTH } from '~/lib/slug';
import type { FileEdit, FileEditValues } from './model';
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
  const aria = (id: string, field: string, hint?: unknown) => fieldAria(id, fieldErrors[field], hint);
  return (
    <Form ref={form} method="post" className="space-y-5" noValidate>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={file.id} />
      <input type="hidden" name="max_views_before" value={maxViews} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-x-5 gap-y-4 md:grid-cols-2">
        <Field id="edit-remark" label={t('fileAdmin.edit.remark')} error={fieldErrors.remark} className="md:col-span-2">
          <input
            id="edit-remark"
            name="remark"
            className="input"
            maxLength={1000}
            autoComplete="off"
            defaultValue={values?.remark ?? file.remark ?? ''}
            {...aria('edit-remark', 'remark')}
          />
        </Field>
        <Field
          id="edit-slug"
          label={t('fileAdmin.edit.slug')}
          hint={t('fileAdmin.edit.slugHint')}
          error={fieldErrors.slug}
        >
          <input
            id="edit-slug"
            name="slug"
            className="input font-mono"
            maxLength={SLUG_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            defaultValue={values?.slug ?? file.slug}
            {...aria('edit-slug', 'slug', true)}
          />
        </Field>
        <Field
          id="edit-max_views"
          label={t('fileAdmin.edit.maxViews')}
          hint={t('fileAdmin.edit.maxViewsHint', { views: file.views })}
          error={fieldErrors.max_views}
        >
          <input
            id="edit-max_views"
            name="max_views"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="input"
            defaultValue={values?.maxViews ?? maxViews}
            {...aria('edit-max_views', 'max_views', true)}
          />
        </Field>
        <div className="md:col-span-2">
          <ExpiryField
            idPrefix="edit"
            choice={values?.expiry ?? 'keep'}
            days={values?.expiryDays ?? ''}
            keepLabel={keepLabel}
            errors={{ expiry: fieldErrors.expiry ?? fieldErrors.expires_at, expiryDays: fieldErrors.expiryDays }}
          />
        </div>
        <div>
          <Field
            id="edit-password"
            label={t('fileAdmin.edit.password')}
            hint={file.hasPassword ? t('fileAdmin.edit.passwordHintSet') : t('fileAdmin.edit.passwordHintNone')}
            error={fieldErrors.password}
          >
            <input
              id="edit-password"
              name="password"
              type="password"
              className="input"
              autoComplete="new-password"
              maxLength={200}
              {...aria('edit-password', 'password', true)}
            />
          </Field>
          {file.hasPassword && (
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <label className="inline-flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  name="clear_password"
                  value="1"
                  defaultChecked={values?.clearPassword}
                  className="h-4 w-4 accent-brand"
                />
                {t('fileAdmin.edit.clearPassword')}
              </label>
              {file.plainPassword && (
                <details className="text-subtle">
                  <summary className="cursor-pointer">{t('fileAdmin.edit.currentPassword')}</summary>
                  <code className="mt-1 inline-block rounded bg-muted px-2 py-0.5 font-mono break-all text-ink">
                    {file.plainPassword}
                  </code>
                </details>
              )}
            </div>
          )}
        </div>
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
