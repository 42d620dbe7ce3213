import { pictureOf, type ExplorerEntry, type ExplorerPrefs } from '~/lib/explorer';
import { EntryIcon, type EntryParts } from './entry-parts';
import type { WindowList } from './use-window-list';

/**
 * The grid and gallery views: a card per entry. Without a window (no JavaScript) the grid is a CSS
 * grid and the gallery a masonry of CSS columns; with one, the cards on screen are placed in
 * `lanes` columns by the window (each gallery card in the shortest column, at its image's own
 * aspect ratio, never cropped).
 */
export function EntryCards({
  entries,
  prefs,
  lanes,
  parts,
  window,
  posters,
}: {
  entries: ExplorerEntry[];
  prefs: ExplorerPrefs;
  lanes: number;
  parts: EntryParts;
  window: WindowList | null;
  /** The server draws posters of videos and covers of audio files (it has ffmpeg). */
  posters: boolean;
}) {
  const gallery = prefs.view === 'gallery';
  const gapX = gallery ? prefs.gapX : 12;
  const card = (entry: ExplorerEntry, index: number, place?: { lane: number; top: number }) => (
    <li
      key={entry.path}
      {...parts.behaviour(entry, index)}
      ref={window?.measure}
      className={`group rounded-lg border border-line bg-raised data-[drop-target]:border-brand data-[drop-target]:bg-brand-soft ${place ? 'absolute top-0' : `relative ${gallery ? 'break-inside-avoid' : ''}`}`}
      style={
        place
          ? {
              left: `calc(${place.lane} * (100% + ${gapX}px) / ${lanes})`,
              width: `calc((100% - ${(lanes - 1) * gapX}px) / ${lanes})`,
              transform: `translateY(${place.top}px)`,
            }
          : gallery
            ? { marginBottom: prefs.gapY }
            : undefined
      }
    >
      {parts.nameLink(
        entry,
        'flex flex-col items-center gap-2 rounded-lg p-2 text-center text-sm focus-visible:outline-2 focus-visible:outline-brand',
        <>
          <EntryPicture entry={entry} src={pictureOf(entry, posters)} gallery={gallery} />
          <span className="w-full truncate">{entry.name}</span>
        </>,
      )}
      <div className="absolute top-2 left-2">{parts.checkbox(entry)}</div>
      <div className="absolute bottom-9 left-2">{parts.badge(entry)}</div>
      <div className="absolute top-1 right-1">{parts.menu(entry)}</div>
    </li>
  );

  if (window) {
    const { holder, onFocus, total, items, margin } = window;
    return (
      <div className="p-3">
        <ul
          ref={holder}
          onFocus={onFocus}
          data-view={prefs.view}
          data-columns={lanes}
          // No scroll anchoring (as EntryTable): the window places the cards itself.
          className="relative [overflow-anchor:none]"
          style={{ height: total }}
        >
          {items.map((item) => card(entries[item.index]!, item.index, { lane: item.lane, top: item.start - margin }))}
        </ul>
      </div>
    );
  }
  return (
    <ul
      data-view={prefs.view}
      // The gallery is a masonry of columns: at most two on a phone.
      className={
        gallery
          ? 'p-3 [column-count:2] sm:[column-count:var(--columns)]'
          : 'grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 lg:grid-cols-5'
      }
      style={gallery ? ({ '--columns': prefs.columns, columnGap: prefs.gapX } as React.CSSProperties) : undefined}
    >
      {entries.map((entry, index) => card(entry, index))}
    </ul>
  );
}

/**
 * A card's picture: the file's thumbnail, made once on the server (never the whole file: a folder of
 * photos stays light), or its type icon.
 */
function EntryPicture({ entry, src, gallery }: { entry: ExplorerEntry; src: string | null; gallery: boolean }) {
  if (!src)
    return (
      <span className="flex aspect-square w-full items-center justify-center rounded bg-muted/60">
        <EntryIcon entry={entry} className={`h-10 w-10 ${entry.isDirectory ? 'text-accent' : 'text-subtle'}`} />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      className={`w-full rounded bg-muted ${gallery ? 'h-auto min-h-12' : 'aspect-square object-cover'}`}
    />
  );
}
