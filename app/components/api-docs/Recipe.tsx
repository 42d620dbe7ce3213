import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';

/** One ready-to-run command: its name, the command as selectable text, a copy button with JavaScript. */
export function Recipe({
  id,
  name,
  command,
  hint,
  missing,
}: {
  id: string;
  name: string;
  command: string;
  hint: string;
  /** The permission the viewer's key lacks for it, if any. */
  missing?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-name`} className="font-medium">
          {name}
        </h3>
        <CopyButton text={command} label={t('apiDocs.recipes.copyLabel', { name })} keyPrefix="apiDocs.recipes" />
      </div>
      <pre
        aria-labelledby={`${id}-name`}
        className="mt-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all"
      >
        <code>{command}</code>
      </pre>
      <p className="mt-1 text-xs text-subtle">{hint}</p>
      {missing && (
        <p className="mt-1 text-xs text-warning">{t('apiDocs.recipes.missingPermission', { permission: missing })}</p>
      )}
    </div>
  );
}
