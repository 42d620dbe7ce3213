import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import { FilePreviewPanel } from './FilePreviewPanel';
import type { ShareLink } from '~/components/ui/ShareCard';
import { Icon } from '~/components/ui/Icon';
import { SharePage } from './SharePage';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import type { FileContent, FileSummary } from './types';
import { UnlockForm } from '~/components/ui/UnlockForm';

/**
 * The public page of a file share: its name and facts, the remark, then either the password prompt
 * or the preview with the download button, and the share link with its QR code beside it. The owner
 * or an admin also gets edit and delete.
 */
export function FileView({
  file,
  content,
  share,
  canManage,
  unlockError,
  grantExpired,
}: {
  file: FileSummary;
  /** Null while the share is locked. */
  content: FileContent | null;
  share: ShareLink;
  canManage: boolean;
  unlockError?: string;
  grantExpired?: boolean;
}) {
  const { t } = useTranslation();
  // A folder share's page before its password: the same form, in a folder's words.
  const folder = file.mimetype === FOLDER_MIMETYPE;
  const lastView = content !== null && file.maxViews !== null && file.views >= file.maxViews;
  return (
    <SharePage
      file={file}
      kicker={folder ? t('file.folder.heading') : t('pages.file.heading')}
      canManage={canManage}
      share={share}
      notice={lastView && <FormAlert>{t('file.view.lastView')}</FormAlert>}
    >
      {content ? (
        <FilePreviewPanel file={file} content={content} />
      ) : (
        <UnlockForm
          keyPrefix={folder ? 'file.unlockFolder' : 'file.unlock'}
          icon={<Icon name="lock" className="h-5 w-5" />}
          buttonIcon={<Icon name="lock" />}
          error={unlockError}
          notice={grantExpired ? t('file.unlock.grantExpired') : undefined}
          className="w-full"
          formClassName="max-w-md"
          buttonClassName="w-full sm:w-auto"
        />
      )}
    </SharePage>
  );
}
