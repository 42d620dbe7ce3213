import { useTranslation } from 'react-i18next';

/** No keys yet: say so, and point at the create form below. */
export function EmptyKeys() {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <circle cx="8" cy="15" r="4" />
          <path d="M10.85 12.15 19 4M18 5l2 2M15 8l2 2" />
        </svg>
      </span>
      <div>
        <p className="font-semibold">{t('keys.empty.heading')}</p>
        <p className="mt-1 max-w-md text-sm text-subtle">{t('keys.empty.body')}</p>
      </div>
      <a href="#new-key" className="btn btn-primary mt-1">
        {t('keys.newKey')}
      </a>
    </div>
  );
}
