import { useTranslation } from '~/i18n/use-translation';

/**
 * How a file share's links work (`use_proxy`): through this server ("1"), or straight from storage
 * through short-lived signed links ("0"). Used when uploading and when editing a share.
 */
export function LinkModeField({ checked }: { checked: '1' | '0' | string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="md:col-span-2">
      <legend className="field-label">{t('upload.form.links')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['1', '0'] as const).map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3 text-sm transition-colors hover:border-brand/50 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40"
          >
            <input
              type="radio"
              name="use_proxy"
              value={mode}
              defaultChecked={checked === mode}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            />
            <span>
              <span className="block font-medium">
                {mode === '1' ? t('upload.form.linksProxy') : t('upload.form.linksDirect')}
              </span>
              <span className="mt-0.5 block text-xs text-subtle">
                {mode === '1' ? t('upload.form.linksProxyHint') : t('upload.form.linksDirectHint')}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
