import { isWithin } from './path';

/** What resolution needs of a mount. */
export interface Mountable {
  mountPath: string;
}

/**
 * The mount a virtual path is on (docs/architecture.md §5): the longest mount path equal to it or
 * above it by segment, and the object key under the mount's root ("" for the mount itself).
 */
export function resolveMount<T extends Mountable>(path: string, mounts: T[]): { mount: T; key: string } | null {
  let best: T | null = null;
  for (const mount of mounts) {
    if (isWithin(path, mount.mountPath) && (!best || mount.mountPath.length > best.mountPath.length)) best = mount;
  }
  if (!best) return null;
  return { mount: best, key: path === best.mountPath ? '' : path.slice(best.mountPath.length + 1) };
}

/**
 * The entries of a virtual folder (a path above mounts): the next segment of every mount path below
 * it, each either a mount itself or another virtual folder. Null when nothing is mounted below.
 */
export function virtualChildren<T extends Mountable>(
  path: string,
  mounts: T[],
): { name: string; mount: T | null }[] | null {
  const children = new Map<string, T | null>();
  for (const mount of mounts) {
    if (mount.mountPath === path || !isWithin(mount.mountPath, path)) continue;
    const rest = mount.mountPath.slice(path === '/' ? 1 : path.length + 1);
    const name = rest.split('/')[0]!;
    const isMount = rest === name;
    if (isMount || !children.has(name)) children.set(name, isMount ? mount : (children.get(name) ?? null));
  }
  if (children.size === 0) return null;
  return [...children].map(([name, mount]) => ({ name, mount })).sort((a, b) => a.name.localeCompare(b.name));
}
