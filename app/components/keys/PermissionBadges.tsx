import { useTranslation } from '~/i18n/use-translation';
import { ALL_PERMISSIONS, PERMISSION_FLAGS } from '~/lib/permissions';
import { Badge } from './Badge';

/** One badge per granted permission flag; "all" and "none" get a single badge of their own. */
export function PermissionBadges({ bits }: { bits: number }) {
  const { t } = useTranslation();
  if ((bits & ALL_PERMISSIONS) === ALL_PERMISSIONS) return <Badge>{t('keys.list.allPermissions')}</Badge>;
  const granted = PERMISSION_FLAGS.filter(([, bit]) => (bits & bit) === bit);
  if (granted.length === 0) return <Badge tone="neutral">{t('keys.list.noPermissions')}</Badge>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('keys.list.permissions')}>
      {granted.map(([name]) => (
        <li key={name}>
          <Badge>{t(`keys.permissions.${name}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}
