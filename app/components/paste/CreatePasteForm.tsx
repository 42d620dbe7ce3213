import { EncryptChoice } from '~/components/ui/EncryptChoice';
import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { FormAlert, FormErrorAlert } from '~/components/ui/FormAlert';
import { DEFAULT_EXPIRY } from '~/lib/expiry';
import type { PasteFormValues } from '~/lib/paste-form';
import { ExpiryField } from './ExpiryField';
import { SlugField, NewPasswordField, MaxViewsField, RemarkField } from '~/components/ui/Field';
import { MarkdownEditor } from './MarkdownEditor';
import { PASTE_FORM_FIELDS, type FieldErrors } from './types';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import { useOfflineCreate } from './use-offline-create';
import { useSealedCreate } from './use-sealed-create';
import { useHydrated } from '~/components/ui/use-hydrated';

const NO_ERRORS: FieldErrors = {};

/**
 * The clipboard: a real form posted to the home route's action, so it creates a paste without
 * JavaScript. The editor adds the toolbar and preview when JavaScript runs, and the choice to
 * encrypt in the browser (use-sealed-create.ts), which only JavaScript can do.
 */
export function CreatePasteForm({
  values,
  formError,
  fieldErrors = NO_ERRORS,
}: {
  /** What was typed, after a failed attempt (never the password), or what was shared to the app. */
  values?: Partial<PasteFormValues>;
  formError?: string;
  fieldErrors?: FieldErrors;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === '/';
  const form = useRef<HTMLFormElement>(null);

  // With JavaScript the page is not reloaded: clear the password, show the first mistake.
  useErrorFocus(form, formError, fieldErrors);
  const offline = useOfflineCreate();
  const sealing = useSealedCreate();
  const hydrated = useHydrated();
  const problem = sealing.sealed.state === 'problem' ? sealing.sealed.messageKey : null;

  const v = values;
  return (
    <Form
      key={offline.generation}
      ref={form}
      method="post"
      action="/"
      className="scroll-mt-24"
      noValidate
      aria-labelledby="page-heading"
      onSubmit={(event) => {
        if (!sealing.onSubmit(event)) offline.onSubmit(event);
      }}
    >
      {formError && (
        <div className="mb-4">
          <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={PASTE_FORM_FIELDS} />
        </div>
      )}
      {offline.result.state === 'queued' && (
        <div className="mb-4">
          <FormAlert tone="success">{t('paste.form.queuedOffline')}</FormAlert>
        </div>
      )}
      {offline.result.state === 'problem' && (
        <div className="mb-4">
          <FormAlert>{t(offline.result.messageKey)}</FormAlert>
        </div>
      )}
      {problem && (
        <div className="mb-4">
          <FormAlert>{t(problem)}</FormAlert>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <MarkdownEditor
            id="content"
            name="content"
            label={t('paste.editor.contentLabel')}
            defaultValue={v?.content ?? ''}
            error={fieldErrors.content}
            heightClass="min-h-72 lg:min-h-[26rem]"
          />
        </div>

        <section aria-labelledby="options-heading" className="card min-w-0 space-y-4 p-5">
          <h2 id="options-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
            {t('paste.form.optionsHeading')}
          </h2>
          <SlugField
            id="slug"
            label={t('paste.form.slug')}
            hint={t('paste.form.slugHint')}
            error={fieldErrors.slug}
            defaultValue={v?.slug ?? ''}
          />
          <NewPasswordField
            id="password"
            label={t('paste.form.password')}
            hint={t('paste.form.passwordHint')}
            error={fieldErrors.password}
          />
          <ExpiryField
            idPrefix="create"
            layout="stack"
            choice={v?.expiry ?? DEFAULT_EXPIRY}
            days={v?.expiryDays ?? ''}
            errors={{ expiry: fieldErrors.expiry ?? fieldErrors.expiresAt, expiryDays: fieldErrors.expiryDays }}
          />
          <MaxViewsField
            id="maxViews"
            name="maxViews"
            label={t('paste.form.maxViews')}
            hint={t('paste.form.maxViewsHint')}
            error={fieldErrors.maxViews}
            defaultValue={v?.maxViews ?? '0'}
          />
          <RemarkField
            id="remark"
            label={t('paste.form.remark')}
            hint={t('paste.form.remarkHint')}
            error={fieldErrors.remark}
            defaultValue={v?.remark ?? ''}
          />
          <EncryptChoice
            label={t('paste.encrypted.option')}
            hint={t('paste.encrypted.optionHint')}
            hydrated={hydrated}
          />
          <button
            type="submit"
            className="btn btn-primary w-full"
            disabled={busy || sealing.sealed.state === 'sealing'}
          >
            {sealing.sealed.state === 'sealing'
              ? t('paste.encrypted.sealing')
              : busy
                ? t('paste.form.submitting')
                : t('paste.form.submit')}
          </button>
        </section>
      </div>
    </Form>
  );
}
