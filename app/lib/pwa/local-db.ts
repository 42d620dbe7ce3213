import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The browser's offline database (docs/product/spec.md §3 "Local offline database stores"), with
 * `idb`. The page and the service worker open the same one: the worker writes the offline queue,
 * the page lists it and keeps what the user opened.
 */

/** The kinds of call docs/product/spec.md §7 "Offline queue replay" lists. */
export type QueueKind =
  | 'pasteCreate'
  | 'pasteUpdate'
  | 'settingsUpdate'
  | 'pasteBatchDelete'
  | 'pasteClearExpired'
  | 'cacheClear'
  | 'filePasswordVerify';

export interface QueuedCall {
  id?: number;
  type: QueueKind;
  endpoint: string;
  method: string;
  body: string | null;
  contentType: string | null;
  /** How the call was authorised: a Bearer token, an API key, or the page's own session cookie. */
  authType: 'admin' | 'apikey' | 'session';
  token: string | null;
  timestamp: number;
  status: 'pending';
}

export interface KeptPaste {
  slug: string;
  content: string;
  remark: string | null;
  /** When it was kept (ms); cleared after 7 days. */
  savedAt: number;
}

export interface KeptDirectory {
  path: string;
  /**
   * The listing as the page received it (packEntries in app/lib/explorer.ts): one string, which
   * the database copies at once, where 10,000 objects took the page 20-30 ms as it became ready
   * (issue 46). Listings kept before were `entries: { name, isDirectory, … }[]`; public/offline.html
   * reads both.
   */
  packed: string;
  savedAt: number;
}

export interface KeptFile {
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  savedAt: number;
}

export interface KeptSetting {
  key: string;
  value: string;
  updatedAt: number;
}

/** A share from the phone's share sheet, waiting for the page that takes it (share-inbox.ts). */
export interface SharedItem {
  id?: number;
  title: string;
  text: string;
  url: string;
  files: File[];
  receivedAt: number;
}

interface LocalSchema extends DBSchema {
  pastes: { key: string; value: KeptPaste };
  files: { key: string; value: KeptFile };
  directories: { key: string; value: KeptDirectory };
  settings: { key: string; value: KeptSetting };
  offlineQueue: { key: number; value: QueuedCall };
  searchHistory: { key: string; value: { query: string; timestamp: number } };
  sharedInbox: { key: number; value: SharedItem };
}

export type LocalDb = IDBPDatabase<LocalSchema>;

/** What clear-expired removes by default: things kept longer ago than this (docs/product/spec.md §9). */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

const NAME = 'cloudclip';

export function openLocalDb(): Promise<LocalDb> {
  // Version 2 added the share-target inbox; a database of version 1 keeps its stores.
  return openDB<LocalSchema>(NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('pastes', { keyPath: 'slug' });
        db.createObjectStore('files', { keyPath: 'slug' });
        db.createObjectStore('directories', { keyPath: 'path' });
        db.createObjectStore('settings', { keyPath: 'key' });
        db.createObjectStore('offlineQueue', { keyPath: 'id', autoIncrement: true });
        db.createObjectStore('searchHistory', { keyPath: 'query' });
      }
      if (oldVersion < 2) db.createObjectStore('sharedInbox', { keyPath: 'id', autoIncrement: true });
    },
  });
}

/** Runs `work` on the offline database; a browser without IndexedDB (or refusing it) skips it. */
export async function withLocalDb<T>(work: (db: LocalDb) => Promise<T>) {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    const db = await openLocalDb();
    try {
      return await work(db);
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/** Removes kept pastes, files and listings older than `maxAgeMs`; answers how many went. */
export async function clearExpired(db: LocalDb, now = Date.now(), maxAgeMs = KEEP_FOR_MS): Promise<number> {
  let removed = 0;
  for (const store of ['pastes', 'files', 'directories'] as const) {
    const tx = db.transaction(store, 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (now - cursor.value.savedAt > maxAgeMs) {
        await cursor.delete();
        removed++;
      }
    }
    await tx.done;
  }
  return removed;
}

/** "Clear offline data": everything kept for reading offline (the queue stays: it is unsent work). */
export async function clearOfflineData(db: LocalDb): Promise<void> {
  for (const store of ['pastes', 'files', 'directories', 'searchHistory'] as const) await db.clear(store);
}
