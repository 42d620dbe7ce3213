import type { GalleryPlace, SharedPlaceView } from '~/components/file/types';
import type { SharedPlace } from '~/models/shares/visit/folder-access.server';
import { fileSummary } from './summary.server';

/** A folder share's place as its page receives it: dates as ISO strings. */
export function sharedPlaceView(place: SharedPlace): SharedPlaceView {
  if (place.kind === 'file')
    return { kind: 'file', path: place.path, file: fileSummary(place.file), content: place.content };
  const { listing } = place;
  return {
    kind: 'folder',
    path: listing.path,
    entries: listing.entries.map((e) => ({ ...e, modified: e.modified?.toISOString() ?? null })),
    cursor: listing.cursor ?? null,
  };
}

/**
 * Where an image opened from the gallery sits among the images of its folder (its first page: the
 * one the gallery showed), so the lightbox can step through them; null for anything else.
 */
export async function galleryPlace(
  place: SharedPlace,
  open: (path: string) => Promise<SharedPlace>,
): Promise<GalleryPlace | null> {
  if (place.kind !== 'file' || !place.file.mimetype.startsWith('image/')) return null;
  const folder = place.path.slice(0, place.path.lastIndexOf('/')) || '/';
  const around = await open(folder);
  if (around.kind !== 'folder') return null;
  const images = around.listing.entries.filter((e) => !e.isDirectory && e.mimetype.startsWith('image/'));
  const at = images.findIndex((e) => e.path === place.path);
  if (at < 0) return null;
  return {
    position: at + 1,
    count: images.length,
    previous: images[at - 1]?.path ?? null,
    next: images[at + 1]?.path ?? null,
    folder,
  };
}
