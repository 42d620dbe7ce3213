import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { FilePreviewPanel } from '~/components/file/FilePreviewPanel';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import type { FilePreview } from '~/lib/file-preview';
import { explorerHref, type ExplorerEntry } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import { entryActions, type ExplorerCan } from './entry-actions';
import { ActionLink } from './EntryMenu';
import { Lightbox, useImageKeys } from '~/components/ui/Lightbox';

export interface OpenFile {
  name: string;
  path: string;
  size: number;
  modified: string | null;
  mimetype: string;
  previewUrl: string;
  downloadUrl: string;
  preview: FilePreview;
}

/**
 * The open file (`?preview=<name>`): its preview for its type, its actions, and for images the
 * previous and next image of the folder (links, and the arrow keys with JavaScript); in the
 * gallery, an image opens full screen (Lightbox).
 */
export function PreviewPane({
  file,
  dir,
  entries,
  can,
  lightbox = false,
}: {
  file: OpenFile;
  dir: string;
  /** The folder's entries in the order shown. */
  entries: ExplorerEntry[];
  can: ExplorerCan;
  /** The gallery view: an image opens full screen. */
  lightbox?: boolean;
}) {
  const { t } = useTranslation();
  const images = file.mimetype.startsWith('image/')
    ? entries.filter((e) => !e.isDirectory && e.mimetype.startsWith('image/'))
    : [];
  const at = images.findIndex((e) => e.name === file.name);
  const previous = at > 0 ? explorerHref(dir, { preview: images[at - 1]!.name }) : null;
  const next = at >= 0 && at < images.length - 1 ? explorerHref(dir, { preview: images[at + 1]!.name }) : null;
  const closeTo = explorerHref(dir);

  useImageKeys(previous, next, closeTo);

  if (lightbox && at >= 0)
    return (
      <Lightbox file={file} position={at + 1} count={images.length} previous={previous} next={next} closeTo={closeTo} />
    );
  const entry: ExplorerEntry = { ...file, isDirectory: false, isMount: false };
  const actions = entryActions(entry, dir, can).filter((a) => a.key !== 'preview' && a.key !== 'download');
  return (
    <section aria-labelledby="explorer-preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="explorer-preview-heading" className="font-semibold break-words">
            {file.name}
          </h2>
          <p className="text-xs text-subtle">
            {formatBytes(file.size)}
            {file.modified && (
              <>
                {' · '}
                <DateTime iso={file.modified} />
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {previous && (
            <Link to={previous} className="btn px-2.5 py-1.5" aria-label={t('explorer.actions.previous')}>
              <Icon name="chevronLeft" />
            </Link>
          )}
          {next && (
            <Link to={next} className="btn px-2.5 py-1.5" aria-label={t('explorer.actions.next')}>
              <Icon name="chevronRight" />
            </Link>
          )}
          {actions.map((action) => (
            <ActionLink key={action.key} action={action} name={file.name} className="btn px-2.5 py-1.5 text-xs" />
          ))}
          <Link to={closeTo} className="btn px-2.5 py-1.5 text-xs">
            <Icon name="close" />
            {t('explorer.actions.close')}
          </Link>
        </div>
      </div>
      <FilePreviewPanel
        file={{ filename: file.name, size: file.size, mimetype: file.mimetype }}
        content={{ previewUrl: file.previewUrl, downloadUrl: file.downloadUrl, grant: null, preview: file.preview }}
      />
    </section>
  );
}
