import { Link } from 'react-router';
import { CopyButton } from '~/components/ui/CopyButton';
import { DateTime } from '~/components/ui/DateTime';
import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import { REQUESTS_PATH, type RequestRow } from './types';

const STATE_TONE: Record<RequestRow['state'], string> = {
  open: 'bg-success/10 text-success',
  full: 'bg-warning/10 text-warning',
  closed: 'bg-muted text-subtle',
  expired: 'bg-muted text-subtle',
};

/** The caller's upload requests as cards (they stack on a phone): link, state, what arrived. */
export function RequestList({ requests, openId }: { requests: RequestRow[]; openId: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="requests-heading" className="card">
      <h2 id="requests-heading" className="text-lg font-semibold">
        {t('requestAdmin.list.heading')}
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-subtle">{t('requestAdmin.list.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {requests.map((r) => (
            <li
              key={r.id}
              className={`flex flex-wrap items-center gap-x-4 gap-y-2 py-3 ${r.id === openId ? 'bg-muted/50' : ''}`}
            >
              {/* The title takes a line of its own before the facts squeeze it (a phone is 390 px). */}
              <div className="min-w-0 flex-1 basis-56">
                <Link
                  to={`${REQUESTS_PATH}?open=${encodeURIComponent(r.id)}`}
                  className="font-medium break-words hover:underline"
                  aria-current={r.id === openId ? 'true' : undefined}
                >
                  {r.title}
                </Link>
                <p className="mt-0.5 font-mono text-xs break-all text-subtle">{r.url}</p>
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[r.state]}`}>
                {t(`requestAdmin.states.${r.state}`)}
              </span>
              <span className="text-sm text-subtle">
                {r.maxFiles !== null ? `${r.files} / ${r.maxFiles}` : r.files} · {formatBytes(r.bytes)}
                {r.newFiles > 0 && (
                  <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs text-accent">
                    {t('requestAdmin.list.newFiles', { count: r.newFiles })}
                  </span>
                )}
              </span>
              <span className="text-sm text-subtle">
                {r.expiresAt ? <DateTime iso={r.expiresAt} /> : t('requestAdmin.list.never')}
              </span>
              <CopyButton text={r.url} label={t('requestAdmin.list.copy')} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
