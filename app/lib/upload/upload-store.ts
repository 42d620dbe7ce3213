import { STORED_UPLOAD_TTL_MS } from './limits';
import type { MultipartPersistence, PersistedMultipart } from './multipart-uploader';

/**
 * Persisted multipart progress (docs/product/spec.md §3 local storage keys, §4: discarded after 24 h), so an upload
 * interrupted by a reload or a closed tab resumes when the same file is chosen again. One entry per
 * file fingerprint (name, size, last modified): the server's ids, the part size and the parts
 * already stored. Share options and above all the password are never written here.
 */

export const STORE_KEY = 'cloudclip.multipartUploads';

export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
}

export interface StoredUpload extends PersistedMultipart {
  fingerprint: string;
  filename: string;
  size: number;
  lastModified: number;
  /** Last write, ms since the epoch. */
  savedAt: number;
}

/** The part of Web Storage we use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function fileFingerprint(file: FileIdentity): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Only well-formed entries, and only the fields we know (whatever else the storage holds). */
function clean(raw: unknown): StoredUpload | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  if (!isText(e.fingerprint) || !isText(e.file_id) || !isText(e.upload_id) || !isText(e.filename)) return null;
  if (!isCount(e.size) || !isCount(e.lastModified) || !isCount(e.savedAt) || !isCount(e.partSize) || e.partSize === 0)
    return null;
  const parts = Array.isArray(e.parts)
    ? e.parts
        .filter(
          (p): p is { partNumber: number; etag: string } =>
            typeof p === 'object' && p !== null && isCount(p.partNumber) && isText(p.etag),
        )
        .map((p) => ({ partNumber: p.partNumber, etag: p.etag }))
    : [];
  return {
    fingerprint: e.fingerprint,
    filename: e.filename,
    size: e.size,
    lastModified: e.lastModified,
    file_id: e.file_id,
    upload_id: e.upload_id,
    slug: typeof e.slug === 'string' ? e.slug : '',
    partSize: e.partSize,
    parts,
    savedAt: e.savedAt,
  };
}

/** Entries of a raw stored value, well-formed ones only (no expiry check: pure, for rendering). */
export function parseStoredUploads(raw: string | null): StoredUpload[] {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw ?? 'null');
  } catch {
    parsed = null;
  }
  return (Array.isArray(parsed) ? parsed : [])
    .map(clean)
    .filter((e): e is StoredUpload => e !== null)
    .sort((a, b) => b.savedAt - a.savedAt);
}

const listeners = new Set<() => void>();

/** Calls `listener` when stored uploads change (in this tab, or in another through the storage event). */
export function subscribeStoredUploads(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORE_KEY) listener();
  };
  listeners.add(listener);
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export class UploadStore {
  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly now: () => number = () => Date.now(),
    /** Another list than the upload page's (the request page keeps its own). */
    private readonly key: string = STORE_KEY,
  ) {}

  /** Fresh entries, newest first. Expired or malformed ones are dropped from the storage. */
  list(): StoredUpload[] {
    return [...this.read().values()].sort((a, b) => b.savedAt - a.savedAt);
  }

  get(fingerprint: string): StoredUpload | null {
    return this.read().get(fingerprint) ?? null;
  }

  save(file: FileIdentity, state: PersistedMultipart): void {
    const entries = this.read();
    const fingerprint = fileFingerprint(file);
    // Field by field: nothing the caller passes besides these (a password…) can reach the storage.
    entries.set(fingerprint, {
      fingerprint,
      filename: file.name,
      size: file.size,
      lastModified: file.lastModified,
      file_id: state.file_id,
      upload_id: state.upload_id,
      slug: state.slug,
      partSize: state.partSize,
      parts: state.parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
      savedAt: this.now(),
    });
    this.write(entries);
  }

  remove(fingerprint: string): void {
    const entries = this.read();
    if (entries.delete(fingerprint)) this.write(entries);
  }

  /** The uploader's persistence for one file. */
  persistenceFor(file: FileIdentity): MultipartPersistence {
    const fingerprint = fileFingerprint(file);
    return {
      load: () => this.get(fingerprint),
      save: (state) => this.save(file, state),
      clear: () => this.remove(fingerprint),
    };
  }

  private read(): Map<string, StoredUpload> {
    const entries = new Map<string, StoredUpload>();
    let raw: unknown = null;
    try {
      raw = JSON.parse(this.storage?.getItem(this.key) ?? 'null');
    } catch {
      raw = null;
    }
    let dropped = false;
    const now = this.now();
    for (const item of Array.isArray(raw) ? raw : []) {
      const entry = clean(item);
      if (entry && now - entry.savedAt <= STORED_UPLOAD_TTL_MS && entry.savedAt <= now + 60_000)
        entries.set(entry.fingerprint, entry);
      else dropped = true;
    }
    if (dropped || (raw !== null && !Array.isArray(raw))) this.write(entries);
    return entries;
  }

  private write(entries: Map<string, StoredUpload>) {
    try {
      if (entries.size === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify([...entries.values()]));
    } catch {
      // Full or forbidden (private mode): the upload still works, it just cannot resume after a reload.
    }
    for (const listener of listeners) listener();
  }

  /** The raw stored value (a stable snapshot for useSyncExternalStore). */
  snapshot(): string | null {
    try {
      return this.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }
}

/** The store over the browser's localStorage (none when storage is blocked), under `key`. */
export function browserUploadStore(key = STORE_KEY): UploadStore {
  let storage: KeyValueStorage | null = null;
  try {
    storage = typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    storage = null;
  }
  return new UploadStore(storage, undefined, key);
}

/** Bytes of a stored upload already on the server (for "45 % uploaded"). */
export function storedBytes(entry: StoredUpload): number {
  return entry.parts.reduce((sum, p) => {
    const start = (p.partNumber - 1) * entry.partSize;
    return sum + Math.max(0, Math.min(entry.partSize, entry.size - start));
  }, 0);
}
