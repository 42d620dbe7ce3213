import { Form, Link } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { Icon } from '~/components/ui/Icon';
import { useTranslation } from '~/i18n/use-translation';
import { AUDIT_ACTIONS } from '~/lib/audit-actions';
import { auditQueryString, type AuditQueryValues } from '~/lib/audit-query';

const PATH = '/admin/audit-log';

/**
 * The filters: a GET form, so a filtered view is a link that can be kept, and it works without
 * JavaScript. Mistakes (an unknown action, a day that is not one) are shown under their field.
 */
export function AuditFilters({
  values,
  problems,
}: {
  values: AuditQueryValues;
  problems: Partial<Record<keyof AuditQueryValues, string>>;
}) {
  const { t } = useTranslation();
  const error = (name: keyof AuditQueryValues) => (problems[name] ? t(`errors.${problems[name]}`) : undefined);
  const text = (name: 'actor' | 'target', hint?: string) => (
    <Field id={`audit-${name}`} label={t(`audit.${name}`)} hint={hint} error={error(name)}>
      <input
        id={`audit-${name}`}
        name={name}
        defaultValue={values[name]}
        maxLength={200}
        className="input"
        {...fieldAria(`audit-${name}`, error(name), hint)}
      />
    </Field>
  );
  const day = (name: 'from' | 'to') => (
    <Field id={`audit-${name}`} label={t(`audit.${name}`)} error={error(name)}>
      <input
        id={`audit-${name}`}
        name={name}
        type="date"
        defaultValue={values[name]}
        className="input"
        {...fieldAria(`audit-${name}`, error(name))}
      />
    </Field>
  );
  return (
    // Keyed by the filters: "Clear filters" (or any new filter) shows the fields as the address has
    // them; uncontrolled fields would keep what was typed (issue 42, item 13).
    <Form
      key={auditQueryString(values)}
      method="get"
      action={PATH}
      className="card space-y-4 p-4 sm:p-5"
      aria-labelledby="audit-filters"
    >
      <h2 id="audit-filters" className="text-lg font-semibold">
        {t('audit.filters')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('actor', t('audit.actorHint'))}
        <Field id="audit-action" label={t('audit.action')} error={error('action')}>
          <select
            id="audit-action"
            name="action"
            defaultValue={values.action}
            className="input"
            {...fieldAria('audit-action', error('action'))}
          >
            <option value="">{t('audit.anyAction')}</option>
            {Object.entries(AUDIT_ACTIONS).map(([group, actions]) => (
              <optgroup key={group} label={t(`audit.groups.${group}`)}>
                <option value={`${group}.`}>{t('audit.allOf', { group: t(`audit.groups.${group}`) })}</option>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {t(`audit.actions.${action}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        {text('target')}
        <Field id="audit-result" label={t('audit.result')}>
          <select id="audit-result" name="result" defaultValue={values.result} className="input">
            <option value="">{t('audit.anyResult')}</option>
            {(['ok', 'denied', 'failed'] as const).map((result) => (
              <option key={result} value={result}>
                {t(`audit.results.${result}`)}
              </option>
            ))}
          </select>
        </Field>
        {day('from')}
        {day('to')}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary">
          <Icon name="search" />
          {t('audit.apply')}
        </button>
        <Link to={PATH} className="btn">
          {t('audit.clear')}
        </Link>
        <a href={`${PATH}/export.csv${auditQueryString(values)}`} className="btn" download>
          <Icon name="download" />
          {t('audit.exportCsv')}
        </a>
        <span className="text-xs text-subtle">{t('audit.exportHint')}</span>
      </div>
    </Form>
  );
}
