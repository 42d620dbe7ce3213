import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';

/** The ten recovery codes, shown once (models/accounts/second-factor.server.ts keeps only digests). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-heading" className="card space-y-3" role="status">
      <h2 id="recovery-heading" className="text-lg font-semibold">
        {t('accounts.recovery.heading')}
      </h2>
      <p className="text-sm text-subtle">{t('accounts.recovery.intro')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label={t('accounts.recovery.copy')} />
    </section>
  );
}
