import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from '~/components/ui/FormAlert';
import { FilePreviewPanel } from './FilePreviewPanel';
import type { ShareLink } from '~/components/ui/ShareCard';
import { Icon } from '~/components/ui/Icon';
import { SealedBadge, SealedNotice, useFragment } from '~/components/ui/sealed-page';
import { SharePage } from './SharePage';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import { fileVerifierFor, openFileEnvelope, plainSizeOfRecords } from '~/lib/e2e/file';
import { useKeyedShare } from '~/components/ui/use-keyed-share';
import type { FileContent, FileSummary } from './types';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { SealedFilePanel, useOpenedFile } from './SealedFile';

/**
 * The public page of a file share: its name and facts, the remark, then either the password prompt
 * or the preview with the download button, and the share link with its QR code beside it. The owner
 * or an admin also gets edit and delete. An encrypted share (SealedFile.tsx) shows its real name,
 * type and remark once the link's key opens them, and decrypts its download in the page.
 */
export function FileView({
  file,
  content,
  share,
  canManage,
  unlockError,
  grantExpired,
  gate = 'password',
  revealError,
  arrived,
}: {
  file: FileSummary;
  /** Null while the share is locked. */
  content: FileContent | null;
  share: ShareLink;
  canManage: boolean;
  unlockError?: string;
  grantExpired?: boolean;
  /** What stands before the content: a password, or the reveal step of a view-limited folder. */
  gate?: 'password' | 'reveal';
  revealError?: string;
  /** Just opened by its password: the focus moves to its heading. */
  arrived?: boolean;
}) {
  const { t } = useTranslation();
  // A folder share's page before its password: the same form, in a folder's words.
  const folder = file.mimetype === FOLDER_MIMETYPE;
  const lastView = content !== null && file.maxViews !== null && file.views >= file.maxViews;
  const fragment = useFragment(file.envelope !== null);
  // The password typed: with the link's key it has opened the envelope, and the unlock sends its verifier.
  const [password, setPassword] = useState<string>();
  // An encrypted share opens with the link's key before anything is counted (issue 42, item 4): its
  // page's visit counts nothing, and its content fetch (which counts) waits for the key to open it.
  const opened = useOpenedFile(
    file.envelope !== null && (!file.hasPassword || password) ? file.envelope : null,
    fragment,
    password,
  );
  // Its link is only whole with the key, drawn in the page: the server never sees it.
  const keyed = useKeyedShare(file.envelope !== null ? share.page : null, fragment);
  const metadata = opened.state === 'open' ? opened.metadata : null;
  const shown =
    file.envelope === null
      ? file
      : {
          ...file,
          filename: metadata?.name ?? t('file.encrypted.name'),
          mimetype: metadata?.type ?? file.mimetype,
          remark: metadata?.remark ?? null,
          size: plainSizeOfRecords(file.size) ?? file.size,
        };
  const envelope = file.envelope;
  return (
    <SharePage
      file={shown}
      kicker={folder ? t('file.folder.heading') : t('pages.file.heading')}
      canManage={canManage}
      arrived={arrived}
      share={file.envelope !== null ? keyed : share}
      notice={
        <>
          {envelope !== null && <SealedBadge subject="file" />}
          {lastView && <FormAlert>{t('file.view.lastView')}</FormAlert>}
        </>
      }
    >
      {content ? (
        envelope === null ? (
          <FilePreviewPanel file={file} content={content} />
        ) : (
          <SealedFilePanel opened={opened} fragment={fragment} content={content} size={file.size} />
        )
      ) : envelope !== null && !fragment ? (
        <SealedNotice subject="file" kind={fragment === undefined ? 'needsJs' : 'incomplete'} />
      ) : gate === 'reveal' ? (
        <UnlockForm
          keyPrefix="file.revealFolder"
          intent="reveal"
          bodyValues={{ count: (file.maxViews ?? 0) - file.views }}
          icon={<Icon name="eye" className="h-5 w-5" />}
          buttonIcon={<Icon name="folder" />}
          error={revealError}
          className="w-full"
          formClassName="max-w-md"
          buttonClassName="w-full sm:w-auto"
        />
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
          transform={
            envelope !== null && fragment
              ? async (typed) => {
                  // The key and the password open the envelope here first: a wrong one spends no view.
                  await openFileEnvelope(envelope, fragment, typed).catch(() => {
                    throw new Error(t('file.encrypted.wrongKeyOrPassword'));
                  });
                  setPassword(typed);
                  return fileVerifierFor(envelope, fragment, typed);
                }
              : undefined
          }
        />
      )}
    </SharePage>
  );
}
