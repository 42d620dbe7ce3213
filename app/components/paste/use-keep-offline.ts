import { useEffect } from 'react';
import { withLocalDb } from '~/lib/pwa/local-db';
import type { ShownPaste } from './types';

/**
 * Keeps a paste the visitor read in the browser's offline database (docs/product/spec.md §3), so
 * the offline page (public/offline.html) can show it without the network. A paste behind a
 * password is never kept: its content stays behind the password. Nor is an encrypted one: the
 * offline page cannot open it, and the key is not kept anywhere.
 */
export function useKeepOffline(paste: ShownPaste | null): void {
  const slug = paste && !paste.hasPassword && !paste.encrypted ? paste.slug : null;
  const content = paste?.content ?? '';
  const remark = paste?.remark ?? null;
  useEffect(() => {
    if (!slug) return;
    void withLocalDb((db) => db.put('pastes', { slug, content, remark, savedAt: Date.now() }));
  }, [slug, content, remark]);
}
