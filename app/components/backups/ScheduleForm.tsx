import { Form, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Field, fieldAria } from '~/components/ui/Field';
import { useTranslation } from '~/i18n/use-translation';
import { MAX_BACKUPS_KEPT } from '~/lib/backup-schedule';
import { storageDisplayName } from '~/lib/storage-name';
import { PassphraseFields } from './PassphraseFields';
import type { ScheduleFormValues, StorageChoice } from './types';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

/**
 * The backup schedule (Admin → Backups): when, where, how many to keep, and the passphrase. A form
 * posting to the page's action with or without JavaScript; a mistake comes back beside its field
 * with what was typed kept (never the passphrase).
 */
export function ScheduleForm({
  values,
  storages,
  timeZones,
  hasPassphrase,
  error,
  fieldErrors,
  saved,
}: {
  values: ScheduleFormValues;
  storages: StorageChoice[];
  timeZones: string[];
  hasPassphrase: boolean;
  error?: string;
  fieldErrors: Record<string, string>;
  saved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().formData?.get('intent') === 'schedule';
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  /** A control's name, id, value as saved (or as typed before a mistake) and its hint or error. */
  const text = (name: keyof ScheduleFormValues, hint = true) => ({
    id: `schedule-${name}`,
    name,
    defaultValue: String(values[name]),
    ...fieldAria(`schedule-${name}`, fieldErrors[name], hint),
  });
  return (
    <Form method="post" className="card max-w-xl space-y-4 p-5 sm:p-6" aria-labelledby="backup-schedule">
      <input type="hidden" name="intent" value="schedule" />
      <h2 id="backup-schedule" className="text-lg font-semibold">
        {t('backups.schedule.heading')}
      </h2>
      <p className="text-sm text-subtle">{t('backups.schedule.intro')}</p>
      {saved && (
        <p role="status" className="text-sm text-success">
          {t('backups.schedule.saved')}
        </p>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="enabled" defaultChecked={values.enabled} className="h-4 w-4 accent-brand" />
        {t('backups.schedule.enabled')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="schedule-frequency" label={t('backups.schedule.frequency')} error={fieldErrors.frequency}>
          <select {...text('frequency', false)} className="input">
            <option value="daily">{t('backups.schedule.daily')}</option>
            <option value="weekly">{t('backups.schedule.weekly')}</option>
          </select>
        </Field>
        <Field
          id="schedule-weekday"
          label={t('backups.schedule.weekday')}
          hint={t('backups.schedule.weekdayHint')}
          error={fieldErrors.weekday}
        >
          <select {...text('weekday')} className="input">
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {/* 2023-01-01 was a Sunday: day 0. */}
                {weekday.format(new Date(Date.UTC(2023, 0, 1 + day)))}
              </option>
            ))}
          </select>
        </Field>
        <Field id="schedule-time" label={t('backups.schedule.time')} error={fieldErrors.time}>
          <input {...text('time', false)} type="time" required className="input" />
        </Field>
        <Field
          id="schedule-time_zone"
          label={t('backups.schedule.timeZone')}
          hint={t('backups.schedule.timeZoneHint')}
          error={fieldErrors.time_zone}
        >
          <input {...text('time_zone')} list="time-zones" required autoComplete="off" className="input" />
          <datalist id="time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
        <Field
          className="sm:col-span-2"
          id="schedule-storage_config_id"
          label={t('backups.schedule.storage')}
          hint={t('backups.schedule.storageHint')}
          error={fieldErrors.storage_config_id}
        >
          <select {...text('storage_config_id')} required className="input">
            {storages.map((s) => (
              <option key={s.id} value={s.id}>
                {/* As the mount form names storages: the seeded one in the reader's language. */}
                {t(`mounts.form.storageOf.${s.type}`, {
                  name: storageDisplayName(t, s.name),
                })}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="schedule-folder"
          label={t('backups.schedule.folder')}
          hint={t('backups.schedule.folderHint')}
          error={fieldErrors.folder}
        >
          <input {...text('folder')} placeholder="nightly" autoComplete="off" className="input font-mono" />
        </Field>
        <Field
          id="schedule-keep"
          label={t('backups.schedule.keep')}
          hint={t('backups.schedule.keepHint')}
          error={fieldErrors.keep}
        >
          <input
            {...text('keep')}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_BACKUPS_KEPT}
            required
            className="input w-32"
          />
        </Field>
        <PassphraseFields
          id="schedule-passphrase"
          hint={t(hasPassphrase ? 'backups.schedule.passphraseKept' : 'backups.passphraseHint')}
          required={false}
          error={fieldErrors.passphrase}
          againError={fieldErrors.passphrase_again}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t(busy ? 'backups.schedule.saving' : 'backups.schedule.save')}
      </button>
    </Form>
  );
}
