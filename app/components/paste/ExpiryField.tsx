import { useTranslation } from '~/i18n/use-translation';
import { CUSTOM_DAYS_MAX, EXPIRY_CHOICES } from '~/lib/expiry';
import { fieldAria } from '~/components/ui/Field';

/**
 * The expiry select (5 minutes to 30 days, never, custom) and the custom number of days. The days
 * field shows (by CSS, so also without JavaScript) only while "custom" is chosen.
 */
/** Literal class names, so Tailwind sees them: the days field follows its own form's select. */
const SHOW_DAYS = {
  create: 'hidden group-has-[#create-expiry-custom:checked]/expiry:block',
  edit: 'hidden group-has-[#edit-expiry-custom:checked]/expiry:block',
} as const;

export function ExpiryField({
  idPrefix,
  choice,
  days,
  errors,
  keepLabel,
  layout = 'row',
}: {
  idPrefix: keyof typeof SHOW_DAYS;
  choice: string;
  days: string;
  errors: { expiry?: string; expiryDays?: string };
  /** Edit forms: offer "keep current (…)" first. */
  keepLabel?: string;
  /** "stack": one field under the other (a narrow column); "row": side by side from small screens up. */
  layout?: 'stack' | 'row';
}) {
  const { t } = useTranslation();
  const selectId = `${idPrefix}-expiry`;
  const daysId = `${idPrefix}-expiryDays`;
  const customId = `${idPrefix}-expiry-custom`;
  return (
    <div
      className={`group/expiry grid grid-cols-[minmax(0,1fr)] gap-x-5 gap-y-4 ${layout === 'row' ? 'sm:grid-cols-2' : ''}`}
    >
      <div>
        <label htmlFor={selectId} className="field-label">
          {t('paste.form.expiry')}
        </label>
        <select
          id={selectId}
          name="expiry"
          className="input"
          defaultValue={choice}
          {...fieldAria(selectId, errors.expiry)}
        >
          {keepLabel && <option value="keep">{t('paste.form.expiryChoices.keep', { current: keepLabel })}</option>}
          {EXPIRY_CHOICES.map((c) => (
            <option key={c} value={c} id={c === 'custom' ? customId : undefined}>
              {t(`paste.form.expiryChoices.${c}`)}
            </option>
          ))}
        </select>
        {errors.expiry && (
          <p id={`${selectId}-error`} className="field-error">
            {errors.expiry}
          </p>
        )}
      </div>
      <div
        // Shown while "custom" is selected, or when it carries an error.
        className={errors.expiryDays ? '' : SHOW_DAYS[idPrefix]}
      >
        <label htmlFor={daysId} className="field-label">
          {t('paste.form.expiryDays')}
        </label>
        <input
          id={daysId}
          name="expiryDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={CUSTOM_DAYS_MAX}
          step={1}
          className="input"
          defaultValue={days}
          {...fieldAria(daysId, errors.expiryDays, true)}
        />
        {errors.expiryDays ? (
          <p id={`${daysId}-error`} className="field-error">
            {errors.expiryDays}
          </p>
        ) : (
          <p id={`${daysId}-hint`} className="mt-1 text-xs text-subtle">
            {t('paste.form.expiryDaysHint')}
          </p>
        )}
      </div>
    </div>
  );
}
