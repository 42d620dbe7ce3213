import { Form, useNavigation } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { useTranslation } from '~/i18n/use-translation';
import { EXPIRY_HOURS, type RequestRow } from './types';

const MB = 1024 * 1024;
const mb = (bytes: number | null) => (bytes ? String(Math.round((bytes / MB) * 100) / 100) : '');

/**
 * A request's edit (issue 47): what its uploaders read, its expiry (kept unless another is chosen)
 * and its limits; a closed or expired one can be saved and reopened. A native disclosure and a real
 * form (intent `update`): it works without JavaScript. Its folder, target and link stay as they are.
 */
export function EditRequestForm({ request, error }: { request: RequestRow; error?: Record<string, string> }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get('intent') === 'update';
  const ended = request.state === 'closed' || request.state === 'expired';
  const id = (name: string) => `edit-request-${name}`;
  const input = (name: string, label: string, value: string, extra: object = {}) => (
    <Field id={id(name)} label={label} error={error?.[name]}>
      <input
        id={id(name)}
        name={name}
        className="input"
        defaultValue={value}
        {...fieldAria(id(name), error?.[name])}
        {...extra}
      />
    </Field>
  );
  return (
    <details className="rounded-lg border border-line p-3" open={error !== undefined}>
      <summary className="cursor-pointer text-sm font-medium">
        {ended ? t('requestAdmin.edit.headingEnded') : t('requestAdmin.edit.heading')}
      </summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={request.id} />
        {input('title', t('requestAdmin.create.title'), request.title, { required: true, maxLength: 100 })}
        <ExpiryField id={id('expiry')} label={t('requestAdmin.edit.expiry')} chosen="keep" keep />
        <Field id={id('note')} label={t('requestAdmin.create.note')} className="sm:col-span-2">
          <textarea
            id={id('note')}
            name="note"
            rows={2}
            maxLength={1000}
            className="input"
            defaultValue={request.note ?? ''}
          />
        </Field>
        {input('maxFiles', t('requestAdmin.create.maxFiles'), request.maxFiles ? String(request.maxFiles) : '', {
          inputMode: 'numeric',
        })}
        {input('maxFileMb', t('requestAdmin.create.maxFileMb'), mb(request.maxFileBytes), { inputMode: 'decimal' })}
        {input('maxTotalMb', t('requestAdmin.create.maxTotalMb'), mb(request.maxTotalBytes), { inputMode: 'decimal' })}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="showArrivals"
            className="h-4 w-4 accent-brand"
            defaultChecked={request.showArrivals}
          />
          {t('requestAdmin.create.showArrivals')}
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          {ended && (
            <button type="submit" name="reopen" value="1" className="btn btn-primary" disabled={busy}>
              {t('requestAdmin.edit.saveReopen')}
            </button>
          )}
          <button type="submit" className={ended ? 'btn' : 'btn btn-primary'} disabled={busy}>
            {busy ? t('requestAdmin.edit.saving') : t('requestAdmin.edit.save')}
          </button>
        </div>
      </Form>
    </details>
  );
}

/** How long a request stays open: the create form's choice, and the edit form's (which may keep it). */
export function ExpiryField({
  id,
  label,
  chosen,
  keep = false,
}: {
  id: string;
  label: string;
  chosen: string;
  keep?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label}>
      <select id={id} name="expiry" className="input" defaultValue={chosen}>
        {keep && <option value="keep">{t('requestAdmin.edit.keepExpiry')}</option>}
        {Object.keys(EXPIRY_HOURS).map((choice) => (
          <option key={choice} value={choice}>
            {t(`requestAdmin.create.expiryOptions.${choice}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
