import { useEffect, useState } from 'react';
import { withLocalDb } from '~/lib/pwa/local-db';
import { pasteOfShared, takeSharedFiles, takeSharedText } from '~/lib/pwa/share-inbox';

/*
 * What was shared to the app (the manifest's share target) waits in the browser's offline database
 * until a page that may use it opens (app/lib/pwa/share-inbox.ts). Taking it removes it, so a second
 * run of an effect, or a second page, finds nothing: each share is used once.
 */

/** The newest text shared to the app, as the paste it becomes, or null. */
export function useSharedPaste(enabled: boolean): { content: string; remark: string } | null {
  const [paste, setPaste] = useState<{ content: string; remark: string } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    void withLocalDb(takeSharedText).then((item) => item && setPaste(pasteOfShared(item)));
  }, [enabled]);
  return paste;
}

/** Hands the files shared to the app to `add`; answers how many came. */
export function useSharedFiles(enabled: boolean, add: (files: File[]) => void): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    void withLocalDb(takeSharedFiles).then((files) => {
      if (!files?.length) return;
      add(files);
      setCount(files.length);
    });
  }, [enabled, add]);
  return count;
}
