import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { UploadQueue } from '~/components/upload/UploadQueue';
import type { useFileUploads } from '~/components/upload/use-file-uploads';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';

type Uploads = ReturnType<typeof useFileUploads<string>>;

/**
 * Uploading into the open folder. Without JavaScript: a multipart form of one file that the page
 * streams into the folder. With it: the upload page's uploader (progress, pause and resume,
 * multipart for large files, straight to storage) for files and whole folders, chosen here or
 * dropped anywhere on the listing.
 */
export function UploadPanel({
  hydrated,
  uploads,
  addFiles,
  maxText,
  onStart,
  error,
}: {
  hydrated: boolean;
  uploads: Uploads;
  /** Adds chosen files, asking first about names that are taken (ExplorerView). */
  addFiles: (files: File[]) => void;
  maxText: string;
  onStart: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';

  if (!hydrated)
    return (
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        {/* Fields before the file: the page streams the file without spooling it. */}
        <input type="hidden" name="intent" value="upload" />
        {error && <FormAlert>{error}</FormAlert>}
        <div>
          <label htmlFor="explorer-on-conflict" className="field-label">
            {t('explorer.upload.onConflict')}
          </label>
          <select id="explorer-on-conflict" name="onConflict" defaultValue="keep" className="input">
            <option value="keep">{t('explorer.upload.conflict.keep')}</option>
            <option value="replace">{t('explorer.upload.conflict.replace')}</option>
            <option value="skip">{t('explorer.upload.conflict.skip')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="explorer-file" className="field-label">
            {t('explorer.upload.file')}
          </label>
          <input id="explorer-file" type="file" name="file" required className="input" />
          <p className="mt-1 text-xs text-subtle">
            {t('explorer.upload.hint', { max: maxText })} {t('explorer.upload.oneFileWithoutJs')}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t('explorer.upload.submitting') : t('explorer.upload.submit')}
        </button>
      </Form>
    );

  const announcement = uploads.announcement
    ? t('upload.batch.announce', {
        name: uploads.announcement.name,
        status: t(`upload.status.${uploads.announcement.status}`, { percent: uploads.announcement.percent }),
      })
    : '';
  const choose = (input: HTMLInputElement | null) => {
    if (!input?.files?.length) return;
    addFiles([...input.files]);
    input.value = '';
  };
  return (
    <div className="space-y-4">
      {error && <FormAlert>{error}</FormAlert>}
      <div className="rounded-lg border-2 border-dashed border-line px-4 py-6 text-center text-sm">
        <Icon name="upload" className="mx-auto mb-2 h-6 w-6 text-subtle" />
        {t('explorer.upload.drop')}{' '}
        <button type="button" className="link" onClick={() => files.current?.click()}>
          {t('explorer.upload.chooseFiles')}
        </button>{' '}
        ·{' '}
        <button type="button" className="link" onClick={() => folder.current?.click()}>
          {t('explorer.upload.chooseFolder')}
        </button>
        <p className="mt-2 text-xs text-subtle">
          {t('explorer.upload.direct')} {t('explorer.upload.hint', { max: maxText })}
        </p>
        <input
          ref={files}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('explorer.upload.chooseFiles')}
          onChange={(event) => choose(event.currentTarget)}
        />
        <input
          ref={folder}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('explorer.upload.chooseFolder')}
          // A folder picker: every file comes with its path inside the folder.
          {...{ webkitdirectory: '' }}
          onChange={(event) => choose(event.currentTarget)}
        />
      </div>
      {uploads.items.length > 0 && (
        <UploadQueue
          items={uploads.items}
          actions={uploads}
          maxText={maxText}
          announcement={announcement}
          showLinks={false}
        />
      )}
      {uploads.pendingCount > 0 && (
        <button type="button" className="btn btn-primary" disabled={uploads.busy} onClick={onStart}>
          {uploads.busy ? t('explorer.upload.submitting') : t('explorer.upload.start', { count: uploads.pendingCount })}
        </button>
      )}
    </div>
  );
}
