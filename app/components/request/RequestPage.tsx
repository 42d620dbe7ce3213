import { Icon } from '~/components/ui/Icon';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { DateTime } from '~/components/ui/DateTime';
import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import { RequestForm } from './RequestForm';
import { CurlHelp } from './CurlHelp';
import type { RequestView } from './types';

/**
 * The upload request's page (issue 30): what is asked and by when, the password step, the form
 * that sends files (enhanced with drop and progress when JavaScript runs), what others sent when
 * the creator allows it, and how to send from a terminal.
 */
export function RequestPage({
  request,
  locked,
  received,
  origin,
  unlockError,
  uploadError,
}: {
  request: RequestView;
  locked: boolean;
  received: string | null;
  origin: string;
  unlockError?: string;
  uploadError?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-3xl space-y-5">
      <header>
        <p className="text-sm font-medium text-accent">{t('request.kicker')}</p>
        <h1 id="page-heading" className="mt-1 break-words text-2xl font-semibold tracking-tight sm:text-3xl">
          {request.title}
        </h1>
        {request.note ? (
          <p className="mt-3 whitespace-pre-line break-words">{request.note}</p>
        ) : (
          <p className="mt-3 text-subtle">{t('request.intro')}</p>
        )}
        <Limits request={request} />
      </header>
      {locked ? (
        <UnlockForm
          keyPrefix="request.unlock"
          icon={<Icon name="lock" className="h-5 w-5" />}
          error={unlockError}
          className="max-w-md"
          buttonClassName="w-full"
        />
      ) : (
        <RequestForm request={request} received={received} error={uploadError} />
      )}
      {!locked && request.arrivals && <Arrivals arrivals={request.arrivals} />}
      {!locked && request.state === 'open' && (
        <CurlHelp slug={request.slug} origin={origin} password={request.hasPassword} />
      )}
    </section>
  );
}

function Limits({ request }: { request: RequestView }) {
  const { t } = useTranslation();
  const facts = [
    request.maxFiles !== null
      ? t('request.limits.files', { count: request.files, max: request.maxFiles })
      : t('request.limits.filesOpen', { count: request.files }),
    t('request.limits.perFile', { size: formatBytes(request.maxFileBytes) }),
    request.maxTotalBytes !== null
      ? t('request.limits.total', { used: formatBytes(request.bytes), max: formatBytes(request.maxTotalBytes) })
      : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-subtle">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
      {request.expiresAt && (
        <li>
          {t('request.limits.expires')} <DateTime iso={request.expiresAt} />
        </li>
      )}
    </ul>
  );
}

function Arrivals({ arrivals }: { arrivals: NonNullable<RequestView['arrivals']> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="arrivals-heading" className="card">
      <h2 id="arrivals-heading" className="text-lg font-semibold">
        {t('request.arrivals.heading')}
      </h2>
      {arrivals.length === 0 ? (
        <p className="mt-2 text-sm text-subtle">{t('request.arrivals.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border text-sm">
          {arrivals.map((a) => (
            <li key={a.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-all">{a.name}</span>
              <span className="text-subtle">
                {formatBytes(a.size)} · <DateTime iso={a.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
