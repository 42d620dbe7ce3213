import { Form } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { useTranslation } from '~/i18n/use-translation';
import { MAX_AUDIT_RETENTION_DAYS } from '~/lib/audit-actions';

/** How long events are kept: a form posting to the page's action (with or without JavaScript). */
export function RetentionForm({ days, error, saved }: { days: string; error?: string; saved: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="card max-w-xl space-y-4 p-4 sm:p-5" aria-labelledby="audit-retention">
      <h2 id="audit-retention" className="text-lg font-semibold">
        {t('audit.retention')}
      </h2>
      {saved && (
        <p role="status" className="text-sm text-success">
          {t('audit.retentionSaved', { days })}
        </p>
      )}
      <Field id="retention_days" label={t('audit.retentionDays')} hint={t('audit.retentionHint')} error={error}>
        <input
          id="retention_days"
          name="retention_days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_AUDIT_RETENTION_DAYS}
          required
          defaultValue={days}
          className="input w-32"
          {...fieldAria('retention_days', error, true)}
        />
      </Field>
      <button type="submit" className="btn btn-primary">
        {t('audit.saveRetention')}
      </button>
    </Form>
  );
}
