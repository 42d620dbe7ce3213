import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';
import { DateTime } from '~/components/ui/DateTime';
import { formatBytes } from '~/lib/format';
import { storedBytes, type StoredUpload } from '~/lib/upload/upload-store';

/**
 * Uploads interrupted by a reload or a closed tab (kept in localStorage for 24 h): choosing the
 * same file again resumes it; "Discard" gives it up (aborted on the server too).
 */
export function ResumableUploads({
  entries,
  onDiscard,
}: {
  entries: StoredUpload[];
  onDiscard: (entry: StoredUpload) => void;
}) {
  const { t } = useTranslation();
  if (!entries.length) return null;
  return (
    <section
      aria-labelledby="resumable-heading"
      className="rounded-xl border border-brand/40 bg-brand-soft/40 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
          <Icon name="upload" className="h-4 w-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="resumable-heading" className="font-semibold">
            {t('upload.resumable.heading')}
          </h2>
          <p className="mt-0.5 text-sm text-subtle">{t('upload.resumable.body')}</p>
          <ul className="mt-3 space-y-2">
            {entries.map((entry) => {
              const done = storedBytes(entry);
              const percent = entry.size ? Math.floor((done / entry.size) * 100) : 0;
              return (
                <li
                  key={entry.fingerprint}
                  className="flex flex-col gap-2 rounded-lg border border-line bg-surface px-3 py-2 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium" title={entry.filename}>
                      {entry.filename}
                    </p>
                    <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-subtle">
                      <span className="tabular-nums">
                        {t('upload.resumable.progress', {
                          percent,
                          done: formatBytes(done),
                          total: formatBytes(entry.size),
                        })}
                      </span>
                      <DateTime iso={new Date(entry.savedAt).toISOString()} />
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn shrink-0 self-start px-2.5 py-1 text-xs sm:self-center"
                    onClick={() => onDiscard(entry)}
                  >
                    {t('upload.resumable.discard')}
                    <span className="sr-only"> {entry.filename}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
