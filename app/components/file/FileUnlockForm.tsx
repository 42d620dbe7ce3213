import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { FileIcon } from './icons';

/** The password prompt of a protected file: a real form posted to the file page's action. */
export function FileUnlockForm({ error, notice }: { error?: string; notice?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'unlock';
  const input = useRef<HTMLInputElement>(null);
  // With JavaScript: after a wrong password, empty the field and put the cursor back in it.
  useEffect(() => {
    if (!error || !input.current) return;
    input.current.value = '';
    input.current.focus();
  }, [error]);
  return (
    <section aria-labelledby="unlock-heading" className="card w-full">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
          <FileIcon name="lock" className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id="unlock-heading" className="text-lg font-semibold">
            {t('file.unlock.heading')}
          </h2>
          <p className="mt-1 text-sm text-subtle">{t('file.unlock.body')}</p>
        </div>
      </div>
      <Form method="post" className="mt-5 max-w-md space-y-4" noValidate>
        <input type="hidden" name="intent" value="unlock" />
        {error ? <FormAlert>{error}</FormAlert> : notice ? <FormAlert>{notice}</FormAlert> : null}
        <div>
          <label htmlFor="unlock-password" className="field-label">
            {t('file.unlock.password')}
          </label>
          <input
            ref={input}
            id="unlock-password"
            name="password"
            type="password"
            className="input"
            autoComplete="off"
            required
            autoFocus
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
          <FileIcon name="lock" />
          {busy ? t('file.unlock.submitting') : t('file.unlock.submit')}
        </button>
      </Form>
    </section>
  );
}
