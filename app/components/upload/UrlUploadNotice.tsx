import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileIcon } from '~/components/file/icons';

/** The URL tab, until uploading from a URL is built: says so plainly and points back to the file tab. */
export function UrlUploadNotice() {
  const { t } = useTranslation();
  return (
    <div role="status" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <FileIcon name="globe" className="h-6 w-6" />
      </span>
      <div>
        <h2 className="font-semibold">{t('upload.url.heading')}</h2>
        <p className="mt-1 max-w-md text-sm text-subtle">{t('upload.url.body')}</p>
      </div>
      <Link to="/upload" className="btn mt-2">
        <FileIcon name="upload" />
        {t('upload.url.useFileTab')}
      </Link>
    </div>
  );
}
