import { UNNAMEABLE } from '../types';
/**
 * Virtual paths of the mount explorer, the fs API and WebDAV (docs/architecture.md §5), checked
 * and normalised in one place: absolute, "/"-separated, no empty, "." or ".." segment (also not
 * percent-encoded, however many times), no NUL, control character or backslash. A trailing "/"
 * marks a directory and is kept. Base paths are compared by segment, never by string prefix.
 */
export interface VirtualPath {
  /** "/" or "/a/b" (no trailing slash). */
  path: string;
  /** The caller named a directory ("/a/b/"), or the root. */
  isDirectory: boolean;
  segments: string[];
}

const MAX_LENGTH = 2048;

/** Decodes percent-escapes until nothing changes (an attacker may encode "..", even twice). */
function fullyDecoded(segment: string): string {
  let current = segment;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The normalised path, or null when it is not one we accept. `input` is already URL-decoded once. */
export function parseVirtualPath(input: string): VirtualPath | null {
  if (!input.startsWith('/') || input.length > MAX_LENGTH || UNNAMEABLE.test(input)) return null;
  const isDirectory = input.endsWith('/');
  const inner = input.slice(1, isDirectory ? -1 : undefined);
  const segments = inner === '' ? [] : inner.split('/');
  for (const segment of segments) {
    const decoded = fullyDecoded(segment);
    if (segment === '' || decoded === '.' || decoded === '..' || UNNAMEABLE.test(decoded) || decoded.includes('/'))
      return null;
  }
  return { path: `/${segments.join('/')}`, isDirectory: isDirectory || segments.length === 0, segments };
}

/** Whether `path` is `base` or inside it (by segment: "/team" does not contain "/teammate"). */
export function isWithin(path: string, base: string): boolean {
  if (base === '/') return true;
  return path === base || path.startsWith(`${base}/`);
}

/** Whether `path` may be navigated under `base`: inside it, or one of its ancestors (docs/product/api.md §1.6). */
export function isNavigable(path: string, base: string): boolean {
  return isWithin(path, base) || isWithin(base, path);
}

/** The folder holding a path: "/a/b" → "/a", "/a" → "/"; the root is its own. */
export function parentPath(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** "/a/b" + "c" → "/a/b/c"; the root joins without a double slash. */
export function joinPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent}/${name}`;
}

/**
 * The string range holding every path below `path` ("/a/b/…" sorts between "/a/b/" and "/a/b0":
 * "0" follows "/"), as a database range condition: an index serves it, unlike LIKE with "%".
 */
export function belowRange(path: string): { gte: string; lt?: string } {
  return path === '/' ? { gte: '/' } : { gte: `${path}/`, lt: `${path}0` };
}
