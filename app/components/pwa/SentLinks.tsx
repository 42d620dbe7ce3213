import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { SentPaste } from '~/lib/pwa/offline-queue';

/**
 * The pastes the offline queue has sent, each by its first line with its link; `onDismiss` adds a
 * button to forget one (the status panel keeps them until then).
 */
export function SentLinks({ sent, onDismiss }: { sent: SentPaste[]; onDismiss?: (link: string) => void }) {
  const { t } = useTranslation();
  if (sent.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label={t('pwa.sent.heading')}>
      {sent.map((paste) => (
        <li key={paste.link} className="flex items-center justify-between gap-3">
          <Link to={paste.link} className="link min-w-0 truncate">
            {paste.title}
          </Link>
          {onDismiss && (
            <button
              type="button"
              className="btn shrink-0 px-2 py-0.5 text-xs"
              aria-label={t('pwa.sent.dismissNamed', { name: paste.title })}
              onClick={() => onDismiss(paste.link)}
            >
              {t('pwa.sent.dismiss')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
