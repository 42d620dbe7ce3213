import type { SharedPlaceView } from '~/components/file/types';
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
