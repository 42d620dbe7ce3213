import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { useHydrated } from '~/components/ui/use-hydrated';
import { browserAddPasskey, browserPasskeySignIn } from './passkey-client';

/** What a passkey button says while it works, and what went wrong (announced: aria-live). */
function useCeremony() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (thrown) {
      setError((thrown as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** Passkeys need JavaScript (the WebAuthn API is a script's); without it the page says so. */
function NeedsScript() {
  const { t } = useTranslation();
  return <p className="text-sm text-subtle">{t('accounts.passkeys.needsJs')}</p>;
}

/** Adds a passkey to the signed-in account (Admin → Account). */
export function AddPasskeyButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const { busy, error, run } = useCeremony();
  if (!hydrated) return <NeedsScript />;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="passkey-name" className="field-label">
            {t('accounts.passkeys.name')}
          </label>
          <input
            id="passkey-name"
            className="input"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await browserAddPasskey(name);
              setName('');
              await revalidator.revalidate();
            })
          }
        >
          {busy ? t('accounts.passkeys.working') : t('accounts.passkeys.add')}
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-danger">
        {error}
      </p>
    </div>
  );
}

/** Signs in with a passkey: on the login page (on its own) or the second-factor page (after a password). */
export function PasskeySignInButton({ redirectTo, label }: { redirectTo: string; label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { busy, error, run } = useCeremony();
  if (!hydrated) return <NeedsScript />;
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn w-full"
        disabled={busy}
        onClick={() => void run(async () => window.location.assign(await browserPasskeySignIn(redirectTo)))}
      >
        {busy ? t('accounts.passkeys.working') : label}
      </button>
      <p role="status" aria-live="polite" className="text-sm text-danger">
        {error}
      </p>
    </div>
  );
}
