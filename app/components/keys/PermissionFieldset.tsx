import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { PERMISSION_PRESETS } from '~/lib/api-key-form';
import { PERMISSION_FLAGS, type PermissionFlag } from '~/lib/permissions';
import { useHydrated } from '~/components/ui/use-hydrated';

const GROUPS: Array<{ key: 'sharing' | 'mount' | 'webdav'; flags: PermissionFlag[] }> = [
  { key: 'sharing', flags: ['text', 'file_share'] },
  { key: 'mount', flags: ['mount_view', 'mount_upload', 'mount_copy', 'mount_rename', 'mount_delete'] },
  { key: 'webdav', flags: ['webdav_read', 'webdav_manage'] },
];

const PRESETS = [...(Object.keys(PERMISSION_PRESETS) as Array<keyof typeof PERMISSION_PRESETS>), 'none'] as const;

/**
 * The nine permission flags of docs/product/spec.md §3 as checkboxes (name="permissions", value = flag), grouped
 * by area. With JavaScript, preset buttons tick the templates of docs/product/api.md §1.5.
 */
export function PermissionFieldset({
  idPrefix,
  checked,
  error,
}: {
  idPrefix: string;
  checked: readonly string[];
  error?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const ref = useRef<HTMLFieldSetElement>(null);

  const apply = (preset: (typeof PRESETS)[number]) => {
    const bits = preset === 'none' ? 0 : PERMISSION_PRESETS[preset];
    const boxes = ref.current?.querySelectorAll<HTMLInputElement>('input[name="permissions"]') ?? [];
    for (const box of boxes) {
      const bit = PERMISSION_FLAGS.find(([name]) => name === box.value)?.[1] ?? 0;
      box.checked = (bits & bit) === bit && bit !== 0;
    }
  };

  return (
    <fieldset
      ref={ref}
      className="min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${idPrefix}-permissions-error` : undefined}
    >
      <legend className="field-label">{t('keys.form.permissions')}</legend>
      {hydrated && (
        <div className="mb-3 flex flex-wrap items-center gap-1.5" role="group" aria-label={t('keys.presets.label')}>
          <span className="mr-1 text-xs text-subtle">{t('keys.presets.label')}:</span>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="rounded-full border border-line bg-surface px-2.5 py-0.5 text-xs font-medium text-subtle transition-colors hover:border-brand hover:text-ink"
              onClick={() => apply(preset)}
            >
              {t(`keys.presets.${preset}`)}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        {GROUPS.map((group) => (
          <div key={group.key} className="rounded-lg border border-line bg-surface p-3">
            <p className="mb-2 text-xs font-semibold tracking-wide text-subtle uppercase">
              {t(`keys.permissionGroups.${group.key}`)}
            </p>
            <ul className="space-y-1.5">
              {group.flags.map((flag) => (
                <li key={flag}>
                  <label className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="permissions"
                      value={flag}
                      defaultChecked={checked.includes(flag)}
                      className="h-4 w-4 accent-brand"
                    />
                    {t(`keys.permissions.${flag}`)}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-permissions-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
