import { Fragment } from 'react';
import { Form, useNavigation } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { useTranslation } from '~/i18n/use-translation';
import { FolderPicker, type PickerTree } from '~/components/explorer/FolderPicker';
import { ExpiryField } from './EditRequestForm';
import { REQUESTS_PATH, type CreateValues } from './types';

const LIMITS = ['maxFiles', 'maxFileMb', 'maxTotalMb'] as const;

/** A new upload request: a real form posted to the module's action (intent `create`). */
export function CreateRequestForm({
  folders,
  folder,
  folderShares = 0,
  tree,
  failed,
  startOpen,
}: {
  folders: string[];
  folder: string | null;
  /** Share links that show `folder`: what arrives there is visible through them. */
  folderShares?: number;
  /** The folders to pick from (null: none to show, e.g. before sign-in). */
  tree?: PickerTree | null;
  failed?: { formError: string; fieldErrors?: Record<string, string>; values?: CreateValues };
  startOpen: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const values = failed?.values ?? {};
  // Into a folder when one was asked for or a mount is there to write; else file shares, which need none.
  const target = values.target ?? (folder || folders.some((f) => f !== '/') ? 'folder' : 'shares');
  const error = (name: string) => failed?.fieldErrors?.[name];
  const text = (name: keyof CreateValues, label: string, hint?: string, extra: object = {}) => (
    <Field id={`request-${name}`} label={label} hint={hint} error={error(name)}>
      <input
        id={`request-${name}`}
        name={name}
        className="input"
        defaultValue={values[name] ?? ''}
        {...fieldAria(`request-${name}`, error(name), hint)}
        {...extra}
      />
    </Field>
  );
  return (
    <details className="card" open={startOpen || failed !== undefined}>
      <summary className="cursor-pointer text-lg font-semibold">{t('requestAdmin.create.heading')}</summary>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="create" />
        {failed && (
          <div className="sm:col-span-2">
            <FormAlert>{failed.formError}</FormAlert>
          </div>
        )}
        {text('title', t('requestAdmin.create.title'), t('requestAdmin.create.titleHint'), {
          required: true,
          maxLength: 100,
        })}
        <fieldset className="space-y-1 sm:col-span-2">
          <legend className="field-label">{t('requestAdmin.create.target')}</legend>
          {(['folder', 'shares'] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="target"
                value={choice}
                className="h-4 w-4 accent-brand"
                defaultChecked={choice === target}
              />
              {t(`requestAdmin.create.targets.${choice}`)}
            </label>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          {tree ? (
            <FolderPicker
              tree={tree}
              field="folder"
              purpose="upload"
              legend={t('requestAdmin.create.folder')}
              hint={t('requestAdmin.create.folderHint')}
              chosenText={(path) => t('requestAdmin.create.folderChosen', { path })}
              openHref={(pick) => `${REQUESTS_PATH}?${new URLSearchParams({ new: '', pick })}`}
            />
          ) : (
            text('folder', t('requestAdmin.create.folder'), t('requestAdmin.create.folderHint'), {
              defaultValue: values.folder ?? folder ?? folders[0] ?? '',
            })
          )}
          {error('folder') && <p className="field-error">{error('folder')}</p>}
        </div>
        {folderShares > 0 && (
          <div className="sm:col-span-2">
            <FormAlert tone="warning">{t('requestAdmin.create.sharedFolder', { count: folderShares })}</FormAlert>
          </div>
        )}
        <Field
          id="request-note"
          label={t('requestAdmin.create.note')}
          hint={t('requestAdmin.create.noteHint')}
          error={error('note')}
          className="sm:col-span-2"
        >
          <textarea
            id="request-note"
            name="note"
            rows={3}
            maxLength={1000}
            className="input"
            defaultValue={values.note ?? ''}
            {...fieldAria('request-note', error('note'), true)}
          />
        </Field>
        <ExpiryField id="request-expiry" label={t('requestAdmin.create.expiry')} chosen={values.expiry ?? '7d'} />
        {text('slug', t('requestAdmin.create.slug'), t('requestAdmin.create.slugHint'), { maxLength: 50 })}
        {LIMITS.map((name) => (
          <Fragment key={name}>
            {text(name, t(`requestAdmin.create.${name}`), t('requestAdmin.create.limitHint'), { inputMode: 'numeric' })}
          </Fragment>
        ))}
        <Field
          id="request-password"
          label={t('requestAdmin.create.password')}
          hint={t('requestAdmin.create.passwordHint')}
        >
          <input
            id="request-password"
            name="password"
            type="password"
            autoComplete="new-password"
            className="input"
            {...fieldAria('request-password', undefined, true)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="showArrivals"
            className="h-4 w-4 accent-brand"
            defaultChecked={values.showArrivals === 'on'}
          />
          {t('requestAdmin.create.showArrivals')}
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('requestAdmin.create.submitting') : t('requestAdmin.create.submit')}
          </button>
        </div>
      </Form>
    </details>
  );
}
