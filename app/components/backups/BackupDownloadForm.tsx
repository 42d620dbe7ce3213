import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { useTranslation } from '~/i18n/use-translation';
import { BACKUP_READY_COOKIE } from '~/lib/backup-schedule';
import { PassphraseFields } from './PassphraseFields';

/** How often the page looks whether the backup it asked for has started to download. */
const POLL_MS = 500;

/**
 * "Back up and download" (Admin → Backups): a native form post whose answer is the file
 * (reloadDocument), so it works without JavaScript. Making the backup takes a while and the browser
 * shows nothing until the download starts; with JavaScript the form says it is working until the
 * answer's cookie (named by the token posted with it) shows the download has begun (issue 42, item 14).
 */
export function BackupDownloadForm({ error, mismatch }: { error?: string; mismatch: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ token: string; phase: 'making' | 'made' } | null>(null);
  useEffect(() => {
    if (state?.phase !== 'making') return;
    const timer = setInterval(() => {
      if (!document.cookie.split('; ').includes(`${BACKUP_READY_COOKIE}=${state.token}`)) return;
      document.cookie = `${BACKUP_READY_COOKIE}=; Path=/admin/backups; Max-Age=0; SameSite=Strict`;
      setState({ token: state.token, phase: 'made' });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [state]);
  const making = state?.phase === 'making';
  return (
    <Form
      method="post"
      action="/admin/backups/download"
      reloadDocument
      className="card max-w-xl space-y-4 p-5 sm:p-6"
      aria-labelledby="backup-now"
      aria-busy={making || undefined}
      onSubmit={(event) => {
        const token = crypto.randomUUID().replace(/-/g, '');
        (event.currentTarget.elements.namedItem('token') as HTMLInputElement).value = token;
        setState({ token, phase: 'making' });
      }}
    >
      <h2 id="backup-now" className="text-lg font-semibold">
        {t('backups.now')}
      </h2>
      {error && <FormAlert>{error}</FormAlert>}
      {/* No value of React's: a hidden field's value is its attribute, which a re-render would reset. */}
      <input type="hidden" name="token" />
      <PassphraseFields
        id="passphrase"
        hint={t('backups.passphraseHint')}
        required
        error={mismatch ? undefined : error}
        againError={mismatch ? error : undefined}
      />
      <p className="text-sm text-subtle">{t('backups.wait')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={making}>
          <Icon name={making ? 'clock' : 'download'} className={making ? 'motion-safe:animate-pulse' : undefined} />
          {t('backups.download')}
        </button>
        <p role="status" aria-live="polite" className="text-sm text-subtle">
          {state ? t(making ? 'backups.making' : 'backups.made') : ''}
        </p>
      </div>
    </Form>
  );
}
