import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';

/**
 * The masked key with a way to get the whole of it: a copy button with JavaScript, and a
 * disclosure that reveals it (works without JavaScript too).
 */
export function KeySecret({ name, secret, masked }: { name: string; secret: string; masked: string }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <div className="flex items-center gap-2">
        <code className="font-mono text-xs">{masked}</code>
        <CopyButton text={secret} label={t('keys.copy.copyLabel', { name })} compact />
      </div>
      <details className="mt-1">
        <summary className="link w-fit cursor-pointer text-xs" aria-label={t('keys.list.showLabel', { name })}>
          {t('keys.list.show')}
        </summary>
        <code
          className="mt-1 block rounded-md bg-muted px-2 py-1 font-mono text-xs break-all select-all"
          aria-label={t('keys.list.fullKey')}
        >
          {secret}
        </code>
      </details>
    </div>
  );
}
