import { useEffect } from 'react';
import type { ExplorerEntry } from '~/lib/explorer';
import { withLocalDb } from '~/lib/pwa/local-db';

/**
 * Keeps the folder listing the user saw in the browser's offline database (docs/product/spec.md §3
 * "directories"), so the offline page (public/offline.html) can show it when the network is gone.
 * Names, sizes and dates only: nothing that opens a file.
 */
export function useKeepListing(path: string, entries: ExplorerEntry[]): void {
  useEffect(() => {
    const kept = entries.map((e) => ({ name: e.name, isDirectory: e.isDirectory, size: e.size, modified: e.modified }));
    void withLocalDb((db) => db.put('directories', { path, entries: kept, savedAt: Date.now() }));
  }, [path, entries]);
}
