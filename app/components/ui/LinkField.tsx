import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';
import { Icon } from '~/components/ui/Icon';

/** A read-only link field: selectable as text without JavaScript, with a copy button with it. */
export function LinkField({
  id,
  label,
  url,
  copyLabel,
  note,
}: {
  id: string;
  label: string;
  url: string;
  copyLabel: string;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          readOnly
          value={url}
          className="input min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={note ? `${id}-note` : undefined}
        />
        <div className="flex shrink-0 gap-2">
          <CopyButton text={url} label={copyLabel} className="py-2" />
          <a href={url} className="btn px-3 py-2 text-xs" target="_blank" rel="noreferrer">
            <Icon name="external" className="h-3.5 w-3.5" />
            {t('paste.created.open')}
          </a>
        </div>
      </div>
      {note && (
        <p id={`${id}-note`} className="mt-1 text-xs text-subtle">
          {note}
        </p>
      )}
    </div>
  );
}
