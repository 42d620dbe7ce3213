// fake-indexeddb stands in for the browser's IndexedDB (tests/e2e/pwa.spec.ts runs the real one).
import 'fake-indexeddb/auto';
import { deleteLocalDb } from '../../../tests/support/local-db';
import { afterEach, describe, expect, it } from 'vitest';
import { clearExpired, KEEP_FOR_MS, openLocalDb, type LocalDb } from './local-db';
import { authOf, enqueue, listQueue, queuedTitle, queueKindOf, replayQueue } from './offline-queue';

describe('the offline queue', () => {
  let db: LocalDb | undefined;
  afterEach(async () => {
    db?.close();
    await deleteLocalDb();
  });

  it('queues exactly the calls of docs/product/spec.md §7', () => {
    expect(queueKindOf('POST', '/api/paste')).toBe('pasteCreate');
    expect(queueKindOf('PUT', '/api/pastes/abc')).toBe('pasteUpdate');
    expect(queueKindOf('PUT', '/api/admin/settings/group/1')).toBe('settingsUpdate');
    expect(queueKindOf('DELETE', '/api/pastes/batch-delete')).toBe('pasteBatchDelete');
    expect(queueKindOf('POST', '/api/pastes/clear-expired')).toBe('pasteClearExpired');
    expect(queueKindOf('POST', '/api/admin/cache/clear')).toBe('cacheClear');
    expect(queueKindOf('POST', '/api/public/files/x/verify')).toBe('filePasswordVerify');
    expect(queueKindOf('GET', '/api/paste')).toBeNull();
    expect(queueKindOf('POST', '/api/paste/abc')).toBeNull(); // a password check of a paste: never replayed
    expect(queueKindOf('PUT', '/api/upload-direct/a.bin')).toBeNull();
  });

  it('keeps the auth of a call', () => {
    expect(authOf('Bearer t1')).toEqual({ authType: 'admin', token: 't1' });
    expect(authOf('ApiKey k1')).toEqual({ authType: 'apikey', token: 'k1' });
    expect(authOf(null)).toEqual({ authType: 'session', token: null });
  });

  it('replays in order: accepted and refused calls leave, a failure keeps the rest for later', async () => {
    db = await openLocalDb();
    const call = (type: 'pasteCreate' | 'cacheClear', body: string) =>
      enqueue(db!, {
        type,
        endpoint: type === 'pasteCreate' ? '/api/paste' : '/api/admin/cache/clear',
        method: 'POST',
        body,
        contentType: 'application/json',
        authType: 'admin',
        token: 't',
        timestamp: Date.now(),
      });
    for (const n of [1, 2, 3, 4]) await call(n === 3 ? 'cacheClear' : 'pasteCreate', `{"n":${n}}`);
    const sent: { body: string; auth: string }[] = [];
    const answers = [200, 409, 503];
    const send = (async (_url: string, init: RequestInit) => {
      sent.push({ body: String(init.body), auth: (init.headers as Record<string, string>).Authorization! });
      return new Response(null, { status: answers[sent.length - 1] ?? 200 });
    }) as typeof fetch;

    expect(await replayQueue(db, send)).toEqual({
      replayed: 1,
      refused: 1,
      waiting: 2,
      changedPastes: true,
      sent: [],
    });
    expect(sent.map((s) => s.body)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(sent[0]!.auth).toBe('Bearer t');
    expect((await listQueue(db)).map((c) => c.body)).toEqual(['{"n":3}', '{"n":4}']);

    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect((await replayQueue(db, offline)).waiting).toBe(2);
    expect(await replayQueue(db, send)).toMatchObject({ replayed: 2, waiting: 0 });
    expect(await listQueue(db)).toEqual([]);
  });

  it('gives the link and first line of each paste it created, and names queued pastes by their text', async () => {
    db = await openLocalDb();
    const paste = (content: string) =>
      enqueue(db!, {
        type: 'pasteCreate',
        endpoint: '/api/paste',
        method: 'POST',
        body: JSON.stringify({ content }),
        contentType: 'application/json',
        authType: 'session',
        token: null,
        timestamp: Date.now(),
      });
    await paste('\n  Shopping list  \nmilk');
    await paste('x'.repeat(200));
    const queued = await listQueue(db);
    expect(queuedTitle(queued[0]!)).toBe('Shopping list');
    expect(queuedTitle(queued[1]!)).toHaveLength(80);
    expect(queuedTitle({ type: 'cacheClear', body: null })).toBeNull();
    let n = 0;
    const send = (async () =>
      n++ === 0
        ? Response.json({ slug: 'shop' })
        : Response.json({ code: 200, data: { slug: 'a b' } })) as unknown as typeof fetch;
    const result = await replayQueue(db, send);
    expect(result.sent.map((s) => [s.title, s.link])).toEqual([
      ['Shopping list', '/paste/shop'],
      [`${'x'.repeat(79)}…`, '/paste/a%20b'],
    ]);
  });

  it('clears what was kept more than 7 days ago', async () => {
    db = await openLocalDb();
    const now = Date.now();
    await db.put('pastes', { slug: 'old', content: 'a', remark: null, savedAt: now - KEEP_FOR_MS - 1 });
    await db.put('pastes', { slug: 'new', content: 'b', remark: null, savedAt: now - 1000 });
    expect(await clearExpired(db, now)).toBe(1);
    expect(await db.getAllKeys('pastes')).toEqual(['new']);
  });
});
