import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import type { ApiKeyView } from './types';
import { Icon } from '~/components/ui/Icon';
import { CopyButton } from '~/components/ui/CopyButton';
import { S3Credentials } from './S3Credentials';

/** Shown once, right after a key is created: the whole key, prominently, with a copy button. */
export function CreatedKeyBanner({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // With JavaScript the form was posted from further down the page: bring the key into view.
  useEffect(() => {
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      role="status"
      aria-labelledby="created-key-heading"
      className="rounded-xl border border-success/40 bg-success/10 p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success-solid text-white">
          <Icon name="check" className="h-4 w-4" strokeWidth={2.5} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="created-key-heading" className="font-semibold">
            {t('keys.created.heading', { name: apiKey.name })}
          </h2>
          <p className="mt-1 text-sm text-subtle">{t('keys.created.body')}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              ref={input}
              readOnly
              value={apiKey.key}
              aria-label={t('keys.created.keyLabel')}
              className="input min-w-0 flex-1 font-mono text-base tracking-wide"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={apiKey.key} label={t('keys.copy.copyLabel', { name: apiKey.name })} className="py-2" />
          </div>
          {apiKey.s3AccessKeyId && apiKey.s3SecretAccessKey && (
            <S3Credentials accessKeyId={apiKey.s3AccessKeyId} secret={apiKey.s3SecretAccessKey} />
          )}
        </div>
      </div>
    </section>
  );
}
