import { useTranslation } from '~/i18n/use-translation';

/**
 * The names a panel acts on, when it is several: the panel says exactly what it shares, copies or
 * deletes, whatever the ticks show meanwhile (issue 42, item 5).
 */
export function NameList({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length < 2) return null;
  return (
    <ul aria-label={t('explorer.list.actedOn')} className="max-h-40 list-inside list-disc overflow-auto text-sm">
      {names.map((n) => (
        <li key={n} className="break-all">
          {n.replace(/\/$/, '')}
        </li>
      ))}
    </ul>
  );
}
