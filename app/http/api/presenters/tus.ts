import type { TusResult } from '~/models/tus/uploads.server';
import { presentCommittedShare } from './files';

/** What the last PATCH of a tus upload answers (docs/tus.md §3): where the file went. */
export function presentTusResult(result: TusResult) {
  if (result.kind === 'share') return { kind: 'share', share: presentCommittedShare(result.share) };
  if (result.kind === 'folder') return { kind: 'folder', path: result.path, size: result.size };
  return { kind: 'request', name: result.name, size: result.size };
}
