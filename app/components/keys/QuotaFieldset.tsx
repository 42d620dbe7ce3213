import { useTranslation } from '~/i18n/use-translation';
import { QUOTA_FIELDS } from '~/lib/api-key-form';

/**
 * A key's quotas in its form (decision 0034): total stored, per day, shares per day and the largest
 * file, each blank for no limit. Sizes are in MB.
 */
export function QuotaFieldset({
  prefix,
  values,
  fieldErrors,
}: {
  prefix: string;
  values: Partial<Record<(typeof QUOTA_FIELDS)[number][0], string>>;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">{t('keys.form.quotas')}</legend>
      <p className="text-xs text-subtle">{t('keys.form.quotasHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {QUOTA_FIELDS.map(([field, , unit]) => {
          const id = `${prefix}-${field}`;
          const error = fieldErrors[field];
          return (
            <div key={field}>
              <label htmlFor={id} className="field-label">
                {t(`keys.form.${field}`)}
              </label>
              <input
                id={id}
                name={field}
                type="number"
                inputMode={unit === 1 ? 'numeric' : 'decimal'}
                min={unit === 1 ? 1 : 0.01}
                step={unit === 1 ? 1 : 0.01}
                placeholder={t('keys.form.noLimit')}
                defaultValue={values[field] ?? ''}
                className="input"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
