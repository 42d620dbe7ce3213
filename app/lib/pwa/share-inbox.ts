import type { LocalDb, SharedItem } from './local-db';

/**
 * What the phone's share sheet sends the installed app (issue 47 item 3; the manifest's
 * `share_target`): the service worker takes the POST, keeps it here in the offline database and
 * sends the app to the page that uses it — text and links to the paste editor, files to the upload
 * page. Nothing is sent anywhere until the user says so on that page, so it works offline, and
 * without a session it waits until sign-in. DOM-free: the worker, the pages and the tests share it.
 */

/** Where the manifest's `share_target` posts (public/manifest.webmanifest). */
export const SHARE_TARGET_PATH = '/share-target';

/** The pages a share opens. */
export const SHARED_TEXT_PAGE = '/';
export const SHARED_FILES_PAGE = '/upload';

interface FormLike {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}

const field = (form: FormLike, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** A share as the form carries it; null when it carries nothing (an empty share is no share). */
export function sharedFromForm(form: FormLike, now = Date.now()): Omit<SharedItem, 'id'> | null {
  // A share sheet sends an empty file part when nothing was chosen.
  const files = form.getAll('files').filter((f): f is File => typeof f !== 'string' && f.size + f.name.length > 0);
  const item = { title: field(form, 'title'), text: field(form, 'text'), url: field(form, 'url'), files };
  if (!item.title && !item.text && !item.url && !files.length) return null;
  return { ...item, receivedAt: now };
}

/**
 * The paste a shared text becomes: the text, then the link unless the text already has it
 * (Android puts a shared page's address inside `text`), and the title as the remark.
 */
export function pasteOfShared(item: Pick<SharedItem, 'title' | 'text' | 'url'>): { content: string; remark: string } {
  const parts = [item.text];
  if (item.url && !item.text.includes(item.url)) parts.push(item.url);
  const content = parts.filter(Boolean).join('\n');
  // Without text or link the title is all there is: it becomes the paste.
  return content ? { content, remark: item.title } : { content: item.title, remark: '' };
}

/** Which page a share opens. */
export function pageOfShared(item: Pick<SharedItem, 'files'>): string {
  return item.files.length ? SHARED_FILES_PAGE : SHARED_TEXT_PAGE;
}

export async function keepShared(db: LocalDb, item: Omit<SharedItem, 'id'>): Promise<number> {
  return db.add('sharedInbox', item);
}

/** How many shares wait, of each kind (for the notice shown while the user cannot take them yet). */
export async function waitingShares(db: LocalDb): Promise<{ texts: number; files: number }> {
  const all = await db.getAll('sharedInbox');
  return {
    texts: all.filter((i) => !i.files.length).length,
    files: all.reduce((sum, i) => sum + i.files.length, 0),
  };
}

/**
 * Takes the newest shared text out of the inbox (older ones stay until the editor is free again:
 * one paste at a time), or null when none waits.
 */
export async function takeSharedText(db: LocalDb): Promise<SharedItem | null> {
  const texts = (await db.getAll('sharedInbox')).filter((i) => !i.files.length);
  const newest = texts.at(-1);
  if (!newest) return null;
  await db.delete('sharedInbox', newest.id!);
  return newest;
}

/** Takes every shared file out of the inbox, in the order they were shared. */
export async function takeSharedFiles(db: LocalDb): Promise<File[]> {
  const tx = db.transaction('sharedInbox', 'readwrite');
  const files: File[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (!cursor.value.files.length) continue;
    files.push(...cursor.value.files);
    await cursor.delete();
  }
  await tx.done;
  return files;
}
