import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { CopyButton } from '~/components/ui/CopyButton';
import { Icon } from '~/components/ui/Icon';
import { corsRule, type StorageCheck, type StorageItem, type StorageTestOutcome } from './view';
import { CommandBlock } from '~/components/ui/CommandBlock';
import { holdsBucket } from '~/lib/storage-kinds';

const CHECKS = ['read', 'write', 'frontendSim', 'cors'] as const;
// Whole class names, so that Tailwind finds them in the source.
const BADGE = {
  passed: 'bg-success/15 text-success',
  skipped: 'bg-muted text-subtle',
  failed: 'bg-danger/15 text-danger',
};
const LABEL = { passed: 'text-success', skipped: 'text-subtle', failed: 'text-danger' };

function CheckRow({ name, check, bucket }: { name: (typeof CHECKS)[number]; check: StorageCheck; bucket: boolean }) {
  const { t } = useTranslation();
  const ok = check.success;
  // A skipped check (the browser round trip after a failed write) is neither: the failure is above.
  const state = ok ? 'passed' : check.skipped ? 'skipped' : 'failed';
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <span className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${BADGE[state]}`}>
        {state === 'skipped' ? (
          <span aria-hidden="true">–</span>
        ) : (
          <Icon name={ok ? 'check' : 'cross'} className="h-3.5 w-3.5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
          {t(`storage.test.checks.${name === 'read' && !bucket ? 'readFolder' : name}`)}
          <span className={`text-xs font-semibold ${LABEL[state]}`}>{t(`storage.test.${state}`)}</span>
        </p>
        {check.note && <p className="mt-0.5 text-sm break-words text-subtle">{check.note}</p>}
        {check.error && check.error !== check.note && (
          <p className="mt-1 text-sm break-words text-danger">{check.error}</p>
        )}
      </div>
    </li>
  );
}

/** How to let the browser upload straight to the bucket: the rule, ready to paste. */
function CorsGuide({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const rule = corsRule(origin);
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t('storage.test.corsGuideHeading')}</h4>
        <CopyButton text={rule} label={t('storage.test.copyRule')} />
      </div>
      <p className="mt-1 text-sm text-subtle">{t('storage.test.corsGuideBody', { origin })}</p>
      <CommandBlock className="mt-3">{rule}</CommandBlock>
    </div>
  );
}

/**
 * What the test found, check by check, in the words of the test itself (the page's language). For
 * S3 configs whose CORS check failed it adds the rule to set on the bucket.
 */
export function TestResultPanel({
  config,
  outcome,
  origin,
  closeTo,
}: {
  config: StorageItem;
  outcome: StorageTestOutcome;
  origin: string;
  closeTo: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [outcome]);
  const { result } = outcome;
  const info = result.connectionInfo;
  const headingId = `test-heading-${config.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 sm:p-5 ${
        outcome.success ? 'border-success/40 bg-success/5' : 'border-danger/40 bg-danger/5'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="rounded-sm font-semibold">
            {t('storage.test.heading')}
          </h3>
          <p role="status" className={`mt-0.5 text-sm font-medium ${outcome.success ? 'text-success' : 'text-danger'}`}>
            {result.globalNote}
          </p>
        </div>
        <Link to={closeTo} className="btn px-3 py-1 text-xs">
          <Icon name="cross" className="h-3.5 w-3.5" />
          {t('storage.test.close')}
        </Link>
      </div>
      <ul className="mt-4 divide-y divide-line">
        {CHECKS.map((name) => (
          <CheckRow key={name} name={name} check={result[name]} bucket={holdsBucket(config.storageType)} />
        ))}
      </ul>
      {config.storageType === 's3' && !result.cors.success && (
        <div className="mt-4">
          <CorsGuide origin={origin} />
        </div>
      )}
      {info.hostKeyFingerprint && (
        <p className="mt-4 text-xs break-all text-subtle">
          {t('storageTest.hostKeyPinned', { fingerprint: info.hostKeyFingerprint })}
        </p>
      )}
      {config.storageType === 's3' && (
        <p className="mt-4 text-xs break-all text-subtle">
          {t('storage.test.connection', {
            endpoint: info.endpoint ?? '',
            bucket: info.bucket ?? '',
            region: info.region,
            style: info.pathStyle ? t('storage.test.pathStyle') : t('storage.test.virtualHost'),
          })}
        </p>
      )}
    </section>
  );
}
