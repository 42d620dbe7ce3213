// fake-indexeddb stands in for the browser's IndexedDB (tests/e2e/share-target.spec.ts runs the real one).
import 'fake-indexeddb/auto';
import { deleteLocalDb } from '../../../tests/support/local-db';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './local-db';
import {
  keepShared,
  pageOfShared,
  pasteOfShared,
  sharedFromForm,
  takeSharedFiles,
  takeSharedText,
  waitingShares,
} from './share-inbox';

function form(fields: Record<string, string>, files: File[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', file);
  return body;
}

describe('the share-target inbox', () => {
  let db: LocalDb | undefined;
  afterEach(async () => {
    db?.close();
    await deleteLocalDb();
  });

  it('reads a share sheet’s form, and an empty one is no share', () => {
    const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
    const shared = sharedFromForm(form({ title: ' Trip ', text: '', url: '' }, [photo]), 5);
    expect(shared).toEqual({ title: 'Trip', text: '', url: '', files: [photo], receivedAt: 5 });
    expect(pageOfShared(shared!)).toBe('/upload');
    // What a share sheet posts when nothing was chosen: blank fields and an empty file part.
    expect(sharedFromForm(form({ title: '', text: ' ' }, [new File([], '')]))).toBeNull();
  });

  it('makes a paste of text and link, without the link twice, and the title its remark', () => {
    expect(pasteOfShared({ title: 'Docs', text: 'read this', url: 'https://example.org/a' })).toEqual({
      content: 'read this\nhttps://example.org/a',
      remark: 'Docs',
    });
    expect(pasteOfShared({ title: '', text: 'see https://example.org/a', url: 'https://example.org/a' }).content).toBe(
      'see https://example.org/a',
    );
    // A title alone is the paste.
    expect(pasteOfShared({ title: 'just a title', text: '', url: '' })).toEqual({
      content: 'just a title',
      remark: '',
    });
    expect(pageOfShared({ files: [] })).toBe('/');
  });

  it('keeps shares until a page takes them: the newest text, every file in order, each once', async () => {
    db = await openLocalDb();
    const a = new File(['a'], 'a.txt');
    const b = new File(['bb'], 'b.txt');
    const c = new File(['ccc'], 'c.txt');
    await keepShared(db, { title: '', text: 'older', url: '', files: [], receivedAt: 1 });
    await keepShared(db, { title: '', text: '', url: '', files: [a, b], receivedAt: 2 });
    await keepShared(db, { title: '', text: 'newer', url: '', files: [], receivedAt: 3 });
    await keepShared(db, { title: '', text: '', url: '', files: [c], receivedAt: 4 });
    expect(await waitingShares(db)).toEqual({ texts: 2, files: 3 });

    expect((await takeSharedText(db))?.text).toBe('newer');
    const files = await takeSharedFiles(db);
    expect(files.map((f) => f.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await files[1]!.text()).toBe('bb');
    expect(await waitingShares(db)).toEqual({ texts: 1, files: 0 });
    expect(await takeSharedFiles(db)).toEqual([]);
    expect((await takeSharedText(db))?.text).toBe('older');
    expect(await takeSharedText(db)).toBeNull();
  });
});
