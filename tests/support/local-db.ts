/** Removes the app's offline database from fake-indexeddb between unit tests (app/lib/pwa/local-db.ts). */
export function deleteLocalDb(): Promise<unknown> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('cloudclip');
    request.onsuccess = request.onerror = resolve;
  });
}
