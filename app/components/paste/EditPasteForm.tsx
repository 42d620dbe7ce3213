import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import type { PasteFormValues } from '~/lib/paste-form';
import { ExpiryField } from './ExpiryField';
import { SlugField, PasswordEditField, MaxViewsField, RemarkField } from '~/components/ui/Field';
import { MarkdownEditor } from './MarkdownEditor';
import { PASTE_FORM_FIELDS, type FieldErrors, type PasteSummary } from './types';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { utcText } from '~/components/ui/DateTime';

export interface EditablePaste extends PasteSummary {
  content: string;
  plainPassword: string | null;
}

const NO_ERRORS: FieldErrors = {};

/**
 * The owner's (or an admin's) edit form: content, slug, remark, password (new or removed), expiry
 * and max views. A real form with intent "update", handled by the paste page's action. An
 * encrypted paste's content, remark and password are sealed together (docs/encryption.md): its form
 * sends the content back as it is and edits only the rules.
 */
export function EditPasteForm({
  paste,
  values,
  clearPassword,
  formError,
  fieldErrors = NO_ERRORS,
  cancelTo,
}: {
  paste: EditablePaste;
  values?: PasteFormValues;
  clearPassword?: boolean;
  formError?: string;
  fieldErrors?: FieldErrors;
  cancelTo: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update';
  const form = useRef<HTMLFormElement>(null);

  useErrorFocus(form, formError, fieldErrors);

  const keepLabel = paste.expiresAt ? utcText(paste.expiresAt, i18n.language) : t('paste.view.never');
  return (
    <Form ref={form} method="post" className="scroll-mt-24 space-y-6" noValidate>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={paste.id} />
      <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={PASTE_FORM_FIELDS} />
      {paste.encrypted ? (
        <>
          <input type="hidden" name="content" value={paste.content} />
          <p className="card p-4 text-sm text-subtle">{t('paste.encrypted.editNote')}</p>
        </>
      ) : (
        <MarkdownEditor
          id="edit-content"
          name="content"
          label={t('paste.editor.contentLabel')}
          defaultValue={values?.content ?? paste.content}
          error={fieldErrors.content}
        />
      )}
      <div className="card grid gap-5 p-5 md:grid-cols-2">
        <SlugField
          id="edit-slug"
          label={t('paste.form.slug')}
          hint={t('paste.form.editSlugHint')}
          error={fieldErrors.newSlug ?? fieldErrors.slug}
          defaultValue={values?.slug ?? paste.slug}
        />
        {!paste.encrypted && (
          <RemarkField
            id="edit-remark"
            label={t('paste.form.remark')}
            error={fieldErrors.remark}
            defaultValue={values?.remark ?? paste.remark ?? ''}
          />
        )}
        {!paste.encrypted && (
          <PasswordEditField
            label={t('paste.edit.password')}
            hint={paste.hasPassword ? t('paste.edit.passwordHintSet') : t('paste.edit.passwordHintNone')}
            error={fieldErrors.password}
            hasPassword={paste.hasPassword}
            clearName="clearPassword"
            clearChecked={clearPassword}
            clearLabel={t('paste.edit.clearPassword')}
            currentLabel={t('paste.edit.currentPassword')}
            plainPassword={paste.plainPassword}
          />
        )}
        <MaxViewsField
          id="edit-maxViews"
          name="maxViews"
          label={t('paste.form.maxViews')}
          hint={t('paste.form.maxViewsHint')}
          error={fieldErrors.maxViews}
          defaultValue={values?.maxViews ?? String(paste.maxViews ?? 0)}
        />
        <div className="md:col-span-2">
          <ExpiryField
            idPrefix="edit"
            choice={values?.expiry ?? 'keep'}
            days={values?.expiryDays ?? ''}
            keepLabel={keepLabel}
            errors={{ expiry: fieldErrors.expiry ?? fieldErrors.expiresAt, expiryDays: fieldErrors.expiryDays }}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('paste.edit.submitting') : t('paste.edit.submit')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('paste.edit.cancel')}
        </Link>
        <p className="text-sm text-subtle">{t('paste.edit.intro')}</p>
      </div>
    </Form>
  );
}
