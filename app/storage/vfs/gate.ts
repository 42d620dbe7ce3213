import { AppError } from '~/lib/errors';
import { isReservedName } from '~/lib/reserved-names';
import { parseVirtualPath, type VirtualPath } from './path';

/**
 * The checks both gates of the app make first (docs/decisions/0038-two-gates.md): the mount gate
 * (models/fs/locate.server.ts) and a share's gate (models/shares/visit/share-folder.server.ts). A path
 * has the form of a virtual path — no empty, `.` or `..` segment however often encoded, no control
 * character or backslash (400) — and names nothing of the app's own (404, as if it were not there).
 */
export function gatedPath(raw: string | null | undefined): VirtualPath {
  const path = parseVirtualPath(raw || '/');
  if (!path) throw new AppError('invalid', 'fsPathInvalid');
  if (path.segments.some(isReservedName)) throw new AppError('not_found', 'fsNotFound');
  return path;
}
