import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { QrFigure } from '~/components/ui/QrFigure';
import { CodeField } from './CodeField';

/**
 * Setting up an authenticator app: the QR code of the otpauth:// address, the key to type in
 * instead, and the first code, which turns it on. A real form: works without JavaScript.
 */
export function TotpSetup({
  qr,
  secret,
  action,
  error,
}: {
  /** The QR code as an SVG data URL, drawn on the server. */
  qr: string;
  secret: string;
  action: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className="card space-y-4">
      <input type="hidden" name="intent" value="confirmTotp" />
      <p className="text-sm text-subtle">{t('accounts.totp.scan')}</p>
      <QrFigure src={qr} alt={t('accounts.totp.qrAlt')} caption={t('accounts.totp.qrCaption')} />
      <div>
        <p className="field-label">{t('accounts.totp.secret')}</p>
        <code className="block break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="totp-secret">
          {secret}
        </code>
      </div>
      <CodeField error={error} hint={t('accounts.totp.codeHint')} />
      <button type="submit" className="btn btn-primary">
        {t('accounts.totp.confirm')}
      </button>
    </Form>
  );
}
