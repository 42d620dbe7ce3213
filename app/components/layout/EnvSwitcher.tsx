import { useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useHydrated } from '~/components/ui/use-hydrated';
import { readApiTarget, saveApiTarget } from '~/lib/api-target';
import type { EnvironmentInfo } from '~/lib/dashboard';

/**
 * The environment switcher (docs/product/spec.md §2 "Global chrome"): shown to an admin when the
 * address has `?showEnvSwitcher`. It says what this server is and lets the admin send this
 * browser's JSON calls to another Cloudclip (with an API key of that server), kept in this browser
 * until reset. Choosing a target needs JavaScript: it lives in the browser, not on the server.
 */
export function EnvSwitcher({ env }: { env: EnvironmentInfo }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // Read from this browser's storage once hydrated (the server cannot know it), again after a change.
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const target = hydrated ? readApiTarget() : null;
  const [error, setError] = useState<string | null>(null);
  const rows: [string, string][] = [
    [t('env.version'), env.version],
    [t('env.database'), env.database],
    [
      t('env.defaultStorage'),
      env.defaultStorage ? `${env.defaultStorage.name} (${t(`env.storageTypes.${env.defaultStorage.type}`)})` : '—',
    ],
    [t('env.publicUrl'), env.publicUrl ?? t('env.publicUrlFromRequest')],
    [t('env.node'), env.nodeVersion],
  ];
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const origin = String(form.get('origin') ?? '').trim();
    const apiKey = String(form.get('apiKey') ?? '').trim();
    try {
      if (!/^https?:\/\//.test(origin) || !apiKey) throw new Error('invalid');
      saveApiTarget({ origin, apiKey });
      changed();
      setError(null);
    } catch {
      setError(t('env.invalid'));
    }
  };
  return (
    <section aria-labelledby="env-heading" className="card mx-auto mt-4 w-full max-w-6xl p-4 text-sm sm:p-5">
      <h2 id="env-heading" className="font-semibold">
        {t('env.heading')}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-line py-1">
            <dt className="text-subtle">{label}</dt>
            <dd className="min-w-0 truncate font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3" role="status">
        {target ? t('env.currentOther', { origin: target.origin }) : t('env.currentThis')}
      </p>
      {hydrated ? (
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <form onSubmit={choose} className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              <span>{t('env.origin')}</span>
              <input name="origin" type="url" className="input" placeholder="https://paste.example.com" required />
            </label>
            <label className="flex flex-col gap-1">
              <span>{t('env.apiKey')}</span>
              <input name="apiKey" type="password" className="input" autoComplete="off" required />
            </label>
            <button type="submit" className="btn btn-primary">
              {t('env.use')}
            </button>
          </form>
          {target && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                saveApiTarget(null);
                changed();
              }}
            >
              {t('env.reset')}
            </button>
          )}
        </div>
      ) : (
        <p className="mt-2 text-subtle">{t('env.needsScript')}</p>
      )}
      {error && (
        <p className="mt-2 text-danger" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
