import { useEffect } from 'react';
import { withLocalDb } from '~/lib/pwa/local-db';

/**
 * Keeps the folder listing the user saw in the browser's offline database (docs/product/spec.md §3
 * "directories"), so the offline page (public/offline.html) can show it when the network is gone.
 * Names, sizes and dates only, packed as the page received them: nothing that opens a file.
 */
export function useKeepListing(path: string, packed: string): void {
  useEffect(() => {
    void withLocalDb((db) => db.put('directories', { path, packed, savedAt: Date.now() }));
  }, [path, packed]);
}
