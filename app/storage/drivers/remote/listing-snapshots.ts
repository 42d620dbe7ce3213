/**
 * Folder listings a remote driver keeps while a caller pages through them (docs/storage.md,
 * "Big folders"). WebDAV and SFTP have no listing pages: a folder is read whole (one PROPFIND or
 * readdir), then cut into pages. Without these, each next page of a 10,000-file folder read all of
 * it again — a zip, a copy task or the search index asked the server ten times for the same folder.
 *
 * A listing is kept for the pages that follow the first (a call with a cursor), for a short time,
 * and forgotten as soon as this driver writes anything: a walk sees the folder as it was when the
 * walk began, like a snapshot, never older than KEPT_MS. The first page always reads the folder.
 */
const KEPT_MS = 60_000;
/** Walks at once (each listing holds up to the folder's whole listing). */
const MAX_KEPT = 4;

export class ListingSnapshots<T> {
  private readonly kept = new Map<string, { at: number; entries: T[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The listing of `scope` made for an earlier page, if it is recent enough. */
  recent(scope: string): T[] | undefined {
    const found = this.kept.get(scope);
    if (!found) return undefined;
    if (this.now() - found.at < KEPT_MS) return found.entries;
    this.kept.delete(scope);
    return undefined;
  }

  keep(scope: string, entries: T[]): void {
    this.kept.delete(scope);
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(scope, { at: this.now(), entries });
  }

  /** Something changed on the storage: the next page reads the folder again. */
  forget(): void {
    this.kept.clear();
  }
}
