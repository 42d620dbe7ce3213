import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Field } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSetup } from './TotpSetup';

const ACTION = '/admin/account';

export interface SecondFactorView {
  on: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  /** An enrolment under way: its QR code (data URL) and key. */
  setup: { qr: string; secret: string } | null;
}

/** A password re-check and one submit: turning TOTP off, or new recovery codes. */
function PasswordAction({ intent, label, error }: { intent: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const id = `${intent}-password`;
  return (
    <Form method="post" action={ACTION} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <Field id={id} label={t('accounts.security.passwordAgain')} error={error}>
        <input
          id={id}
          name="currentPassword"
          type="password"
          className="input"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </Field>
      <button type="submit" className="btn">
        {label}
      </button>
    </Form>
  );
}

/**
 * The account's own second factor (issue 44): set up an authenticator app (QR code, key, first code),
 * see how many recovery codes are left, make new ones, or turn it off unless the admins require it.
 */
export function SecondFactorSection({
  view,
  recoveryCodes,
  failedIntent,
  error,
}: {
  view: SecondFactorView;
  recoveryCodes?: string[];
  failedIntent?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const errorOf = (intent: string) => (failedIntent === intent ? error : undefined);
  return (
    <section aria-labelledby="second-factor-heading" className="card space-y-4">
      <h2 id="second-factor-heading" className="text-lg font-semibold">
        {t('accounts.security.secondFactorHeading')}
      </h2>
      <p className="text-sm" data-testid="second-factor-state">
        {t(view.on ? 'accounts.security.on' : 'accounts.security.off')}
        {view.required && <> {t('accounts.security.required')}</>}
      </p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {view.on ? (
        <>
          <p className="text-sm text-subtle">
            {t('accounts.security.recoveryLeft', { count: view.recoveryCodesLeft })}
          </p>
          <PasswordAction
            intent="recoveryCodes"
            label={t('accounts.security.newCodes')}
            error={errorOf('recoveryCodes')}
          />
          {!view.required && (
            <PasswordAction
              intent="disableTotp"
              label={t('accounts.security.turnOff')}
              error={errorOf('disableTotp')}
            />
          )}
        </>
      ) : view.setup ? (
        <TotpSetup qr={view.setup.qr} secret={view.setup.secret} action={ACTION} error={errorOf('confirmTotp')} />
      ) : (
        <Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="startTotp" />
          {errorOf('startTotp') && <FormAlert>{errorOf('startTotp')}</FormAlert>}
          <button type="submit" className="btn btn-primary">
            {t('accounts.security.start')}
          </button>
        </Form>
      )}
    </section>
  );
}
