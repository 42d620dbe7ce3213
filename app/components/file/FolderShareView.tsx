import { hasThumbnail } from '~/lib/file-kinds';
import { Link } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { DateTime } from '~/components/ui/DateTime';
import { Icon, iconForType } from '~/components/ui/Icon';
import type { ShareLink } from '~/components/ui/ShareCard';
import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import { fileContentHref, fileThumbnailHref, folderShareHref } from '~/lib/hrefs';
import { FilePreviewPanel } from './FilePreviewPanel';
import { SharePage } from './SharePage';
import type { FileSummary, GalleryPlace, SharedEntryView, SharedPlaceView } from './types';
import { Lightbox, useImageKeys } from '~/components/ui/Lightbox';

type View = 'list' | 'gallery';

interface Where {
  slug: string;
  view: View;
  /** The server draws posters of videos and covers of audio files (it has ffmpeg). */
  posters?: boolean;
}

/**
 * A place in the share, keeping the chosen view (a file's page has no view). The visit's grant is in
 * the share's cookie, never in these links (issue 42, item 8).
 */
const placeHref = (where: Where, path: string, cursor?: string | null) =>
  folderShareHref(where.slug, {
    path,
    view: where.view === 'gallery' ? 'gallery' : null,
    cursor,
  });

/** The share's name, then each folder down to the place: links back up, without JavaScript. */
function Crumbs({ where, root, path }: { where: Where; root: string; path: string }) {
  const { t } = useTranslation();
  const segments = path.split('/').filter(Boolean);
  return (
    <nav aria-label={t('file.folder.location')} className="min-w-0 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={placeHref(where, '/')} className="link font-medium break-all">
            {root}
          </Link>
        </li>
        {segments.map((segment, i) => {
          const to = `/${segments.slice(0, i + 1).join('/')}`;
          const last = i === segments.length - 1;
          return (
            <li key={to} className="flex items-center gap-1">
              <span aria-hidden="true" className="text-subtle">
                /
              </span>
              {last ? (
                <span aria-current="page" className="font-medium break-all">
                  {segment}
                </span>
              ) : (
                <Link to={placeHref(where, to)} className="link break-all">
                  {segment}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function EntryRows({ where, entries }: { where: Where; entries: SharedEntryView[] }) {
  const { t } = useTranslation();
  return (
    // Fixed columns: the name takes what the size, date and button leave (in an automatic layout a
    // long Chinese date took the row and names were cut to a few characters).
    <table className="w-full table-fixed text-sm">
      <thead className="border-b border-line text-left text-xs text-subtle">
        <tr>
          <th scope="col" className="px-4 py-2 font-medium">
            {t('file.folder.name')}
          </th>
          <th scope="col" className="w-24 px-3 py-2 text-right font-medium">
            {t('file.folder.size')}
          </th>
          <th scope="col" className="hidden w-48 px-4 py-2 font-medium sm:table-cell">
            {t('file.folder.modified')}
          </th>
          <th scope="col" className="w-12 px-2 py-2">
            <span className="sr-only">{t('file.actions.download')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {entries.map((entry) => (
          <tr key={entry.path} className="hover:bg-muted/40">
            <td className="px-4 py-2">
              <Link to={placeHref(where, entry.path)} className="flex min-w-0 items-center gap-2">
                <Icon
                  name={entry.isDirectory ? 'folder' : iconForType(entry.mimetype)}
                  className="h-4 w-4 shrink-0 text-subtle"
                />
                {/* Two lines before it is cut: on a phone a name has little room. */}
                <span className="line-clamp-2 [overflow-wrap:anywhere]" title={entry.name}>
                  {entry.name}
                </span>
              </Link>
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap text-subtle tabular-nums">
              {entry.isDirectory ? '—' : formatBytes(entry.size)}
            </td>
            <td className="hidden px-4 py-2 whitespace-nowrap text-subtle sm:table-cell">
              {entry.modified ? <DateTime iso={entry.modified} /> : '—'}
            </td>
            <td className="px-2 py-2">
              <a
                href={fileContentHref(where.slug, 'download', { path: entry.path })}
                className="btn px-2 py-1"
                aria-label={t('file.folder.downloadItem', { name: entry.name })}
                title={t('file.folder.downloadItem', { name: entry.name })}
                download
              >
                <Icon name="download" className="h-3.5 w-3.5" />
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The visitors' gallery, as the explorer's (issue 47): a masonry of columns, each picture at its own
 * shape, never cropped; an image opens full screen (the lightbox), folders and other files as
 * named tiles that open their page.
 */
function Gallery({ where, entries }: { where: Where; entries: SharedEntryView[] }) {
  return (
    <ul className="p-3 [column-count:2] [column-gap:0.75rem] sm:[column-count:3] lg:[column-count:4]">
      {entries.map((entry) => {
        const image = hasThumbnail(entry, where.posters ?? false);
        return (
          <li key={entry.path} className="mb-3 break-inside-avoid">
            <Link
              to={placeHref(where, entry.path)}
              className="flex flex-col gap-1 overflow-hidden rounded-lg border border-line bg-raised p-1.5 hover:border-brand"
            >
              {image ? (
                <img
                  src={
                    // A thumbnail in its own shape (of an image, or a video’s poster or a song’s cover); an SVG
                    // (never rasterised on the server) as itself.
                    entry.mimetype === 'image/svg+xml'
                      ? fileContentHref(where.slug, 'view', { path: entry.path })
                      : fileThumbnailHref(where.slug, { path: entry.path })
                  }
                  alt={entry.name}
                  loading="lazy"
                  className="h-auto min-h-12 w-full rounded bg-muted"
                />
              ) : (
                <span className="flex aspect-square items-center justify-center rounded bg-muted/60 text-subtle">
                  <Icon name={entry.isDirectory ? 'folder' : iconForType(entry.mimetype)} className="h-10 w-10" />
                </span>
              )}
              <span className="truncate px-1 text-xs" title={entry.name}>
                {entry.name}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** An image opened from the gallery, full screen, with its folder's previous and next images. */
function SharedLightbox({
  where,
  place,
  at,
}: {
  where: Where;
  place: Extract<SharedPlaceView, { kind: 'file' }>;
  at: GalleryPlace;
}) {
  const previous = at.previous && placeHref(where, at.previous);
  const next = at.next && placeHref(where, at.next);
  const closeTo = placeHref(where, at.folder);
  useImageKeys(previous, next, closeTo);
  return (
    <Lightbox
      file={{ ...place.content, name: place.file.filename, size: place.file.size }}
      position={at.position}
      count={at.count}
      previous={previous}
      next={next}
      closeTo={closeTo}
    />
  );
}

function FolderPlace({
  where,
  place,
  cursorShown,
}: {
  where: Where;
  place: Extract<SharedPlaceView, { kind: 'folder' }>;
  cursorShown: boolean;
}) {
  const { t } = useTranslation();
  const zip = fileContentHref(where.slug, 'download', { path: place.path === '/' ? null : place.path });
  const viewLink = (view: View, label: string) => (
    <Link
      to={placeHref({ ...where, view }, place.path)}
      aria-current={where.view === view ? 'page' : undefined}
      className={`btn px-2.5 py-1 text-xs ${where.view === view ? 'border-brand text-accent' : ''}`}
    >
      {label}
    </Link>
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2">
        <div className="flex gap-1.5" role="group" aria-label={t('file.folder.viewAs')}>
          {viewLink('list', t('file.folder.list'))}
          {viewLink('gallery', t('file.folder.gallery'))}
        </div>
        <a href={zip} className="btn btn-primary px-3 py-1.5 text-xs" download>
          <Icon name="download" className="h-3.5 w-3.5" />
          {place.path === '/' ? t('file.folder.downloadAll') : t('file.folder.downloadFolder')}
        </a>
      </div>
      {place.entries.length === 0 ? (
        <p className="px-4 py-12 text-center text-sm text-subtle">{t('file.folder.empty')}</p>
      ) : where.view === 'gallery' ? (
        <Gallery where={where} entries={place.entries} />
      ) : (
        <EntryRows where={where} entries={place.entries} />
      )}
      {(place.cursor || cursorShown) && (
        <p className="flex justify-center gap-4 border-t border-line px-4 py-3 text-sm">
          {cursorShown && (
            <Link to={placeHref(where, place.path)} className="link">
              {t('file.folder.firstPage')}
            </Link>
          )}
          {place.cursor && (
            <Link to={placeHref(where, place.path, place.cursor)} className="link">
              {t('file.folder.nextPage')}
            </Link>
          )}
        </p>
      )}
    </>
  );
}

/**
 * The public page of a folder share (issue 30): the folder or selection as it is now, browsed by
 * links (no JavaScript needed), as a list or a gallery; a file opens with the file page's preview;
 * one file or a folder (the whole share at its top) downloads, a folder as a zip.
 */
export function FolderShareView({
  file,
  place,
  view,
  paged,
  share,
  canManage,
  posters,
  lightbox,
}: {
  file: FileSummary;
  place: SharedPlaceView;
  /** An image opened from the gallery: where it is among its folder's images. */
  lightbox: GalleryPlace | null;
  view: View;
  posters: boolean;
  /** A later page of a long folder is shown (offer the way back to its first). */
  paged: boolean;
  share: ShareLink;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const where: Where = { slug: file.slug, view, posters };
  // This visit used the link's last view: it stays open here for the grant's hour, for no one else.
  const lastView = !canManage && file.maxViews !== null && file.views >= file.maxViews;
  return (
    <SharePage
      file={file}
      kicker={t('file.folder.heading')}
      canManage={canManage}
      share={share}
      notice={lastView ? <FormAlert tone="warning">{t('file.folder.lastView')}</FormAlert> : undefined}
    >
      <Crumbs where={where} root={file.filename} path={place.path} />
      {place.kind === 'file' && lightbox ? (
        <SharedLightbox where={where} place={place} at={lightbox} />
      ) : place.kind === 'file' ? (
        <FilePreviewPanel file={place.file} content={place.content} />
      ) : (
        <div className="overflow-hidden rounded-xl border border-line bg-surface">
          <FolderPlace where={where} place={place} cursorShown={paged} />
        </div>
      )}
    </SharePage>
  );
}
