import { isAllowed } from '~/auth/operations';
import { AppError } from '~/lib/errors';
import { numberedName } from '~/lib/filename';
import type { InMount } from './types';
import { folderExists } from './walk.server';

/**
 * What an upload onto a name that is taken does (issue 42, item 1): replace the file (its old
 * version goes to the recycle bin; replacing needs the delete bit, as taking the old one away
 * would), keep both (the new one numbered, "report (2).pdf", as upload requests name theirs), or
 * skip it. v0.7.3 clients say nothing: they replace, as they always did.
 */
export const ON_CONFLICT = ['replace', 'keep', 'skip'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

export interface SettledName {
  /** The key the upload writes (a numbered one when both are kept). */
  key: string;
  /** Its virtual path. */
  path: string;
  /** Nothing is to be written: the name is taken and the upload skips. */
  skipped: boolean;
}

const taken = async (at: InMount, key: string) => (await at.driver.stat(key)) !== null;

/** The name an upload into `at` (a file's path) takes, by `onConflict`, checked for who uploads. */
export async function settleName(at: InMount, onConflict: OnConflict = 'replace'): Promise<SettledName> {
  const folder = at.path.path.slice(0, at.path.path.lastIndexOf('/') + 1);
  const same = { key: at.key, path: at.path.path, skipped: false };
  if (await folderExists(at.driver, at.key)) {
    if (onConflict === 'skip') return { ...same, skipped: true };
    // A folder of that name is never replaced by a file.
    if (onConflict === 'replace') throw new AppError('conflict', 'fsExists');
  } else if (!(await taken(at, at.key))) return same;
  if (onConflict === 'skip') return { ...same, skipped: true };
  if (onConflict === 'replace') {
    if (!isAllowed(at.principal, 'fs.delete')) throw new AppError('forbidden', 'fsReplaceNeedsDelete');
    return same;
  }
  const parent = at.key.includes('/') ? at.key.slice(0, at.key.lastIndexOf('/') + 1) : '';
  const name = at.key.slice(parent.length);
  for (let n = 2; n < 1000; n++) {
    const candidate = numberedName(name, n);
    if (!(await taken(at, parent + candidate)) && !(await folderExists(at.driver, parent + candidate)))
      return { key: parent + candidate, path: folder + candidate, skipped: false };
  }
  throw new AppError('conflict', 'fsExists');
}
