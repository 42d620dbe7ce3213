import { useEffect, useState } from 'react';
import { Icon } from '~/components/ui/Icon';
import { useTranslation } from '~/i18n/use-translation';

export const LOGOUT_DELAY_SECONDS = 3;
const LOGIN_PATH = '/admin';

/**
 * After an account change (docs/product/spec.md §4): a visible countdown, then the login form. JavaScript counts
 * down and navigates; without it a <meta refresh> (hoisted into <head> by React) does the same.
 */
export function LogoutCountdown() {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(LOGOUT_DELAY_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, LOGOUT_DELAY_SECONDS - Math.floor((Date.now() - started) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(timer);
        window.location.replace(LOGIN_PATH);
      }
    }, 250);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-labelledby="account-done-heading" className="card max-w-xl">
      <meta httpEquiv="refresh" content={`${LOGOUT_DELAY_SECONDS};url=${LOGIN_PATH}`} />
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success-solid text-white">
          <Icon name="check" className="h-4 w-4" strokeWidth={2.5} />
        </span>
        <div className="min-w-0">
          <h2 id="account-done-heading" className="text-lg font-semibold">
            {t('account.done.heading')}
          </h2>
          <p className="mt-1 text-sm text-subtle">{t('account.done.body')}</p>
          <p className="mt-4 text-sm font-medium" role="timer" aria-live="polite" aria-atomic="true">
            {t('account.done.countdown', { seconds })}
          </p>
          <a href={LOGIN_PATH} className="btn btn-primary mt-4">
            {t('account.done.loginNow')}
          </a>
        </div>
      </div>
    </section>
  );
}
