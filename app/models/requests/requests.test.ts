import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { createRequestSchema, updateRequestSchema } from '~/lib/schemas/requests';
import { createApiKey, updateApiKey } from '~/models/accounts/api-keys.server';
import { principalOfCreator } from '~/models/accounts/principal.server';
import { listDirectory } from '~/models/fs/browse.server';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, putObject, readObject, type FsModels } from '../../../tests/support/fs-models';
import { listAuditEvents } from '~/models/audit/events.server';
import { receiveFile, visitUploadRequest, type RequestAccess } from './receive.server';
import { reapStaleArrivals } from './reserve.server';
import {
  closeUploadRequest,
  createUploadRequest,
  deleteUploadRequest,
  getUploadRequest,
  listUploadRequests,
  updateUploadRequest,
} from './requests.server';

/**
 * Upload-request links (issue 30, decision 0027) on the real models: a temp SQLite database, a
 * memory driver behind /mem. The same limits under PostgreSQL's concurrency are proven by
 * tests/integration/upload-requests.test.ts.
 */
describe('upload requests', () => {
  let m: FsModels;
  const open: RequestAccess = { address: '198.51.100.1' };
  beforeAll(async () => {
    m = await fsModels();
    await m.ctx.db.admin.create({ data: { id: 'admin-1', username: 'admin', passwordHash: 'x' } });
    await putObject(m.memory, 'inbox/.keep', '');
  });
  afterAll(() => m.close());

  const create = (input: Record<string, unknown>, who: Principal = ADMIN) =>
    createUploadRequest(m.ctx, who, createRequestSchema.parse({ folder: '/mem/inbox', ...input }));
  const send = (
    slug: string,
    name: string,
    content: string,
    extra: Partial<Parameters<typeof receiveFile>[3]> = {},
    access = open,
  ) => receiveFile(m.ctx, slug, access, { name, body: Readable.from([Buffer.from(content)]), ...extra });
  const names = async (path: string) => {
    const listing = await listDirectory(m.ctx, ADMIN, path);
    return listing.kind === 'directory' ? listing.items.map((i) => i.name).sort() : [];
  };

  it('makes a folder of its own, named for its title and numbered when taken', async () => {
    const first = await create({ title: 'Tax papers' });
    const second = await create({ title: 'Tax papers' });
    expect(first.folderPath).toBe('/mem/inbox/Tax papers/');
    expect(second.folderPath).toBe('/mem/inbox/Tax papers (2)/');
    expect(await names('/mem/inbox/')).toEqual(expect.arrayContaining(['Tax papers', 'Tax papers (2)']));
    expect(first).toMatchObject({ state: 'open', files: 0, hasPassword: false });
  });

  it('stores files under cleaned names that never overwrite, and counts them', async () => {
    const request = await create({ title: 'Names' });
    expect(await send(request.slug, '../../secret.txt', 'one')).toEqual({ name: 'secret.txt', size: 3 });
    expect((await send(request.slug, 'secret.txt', 'two')).name).toBe('secret (2).txt');
    await putObject(m.memory, 'inbox/Names/photo.jpg', 'there before');
    expect((await send(request.slug, 'photo.jpg', 'new')).name).toBe('photo (2).jpg');
    expect(await readObject(m.memory, 'inbox/Names/secret.txt')).toBe('one');
    expect(await readObject(m.memory, 'inbox/Names/photo.jpg')).toBe('there before');
    const seen = await getUploadRequest(m.ctx, ADMIN, request.id);
    expect(seen.request).toMatchObject({ files: 3, bytes: 9, newFiles: 3 });
    expect(seen.arrivals.map((a) => a.name).sort()).toEqual(['photo (2).jpg', 'secret (2).txt', 'secret.txt']);
    // Looking at them made them no longer new.
    expect((await listUploadRequests(m.ctx, ADMIN)).find((r) => r.id === request.id)).toMatchObject({ newFiles: 0 });
  });

  it('records what a visitor sends as the anonymous visitor via the request, with whose rights (issue 42, item 13)', async () => {
    const request = await create({ title: 'Audited' });
    await send(request.slug, 'from-a-visitor.txt', 'hello');
    const { events } = await listAuditEvents(m.ctx, ADMIN, { action: 'fs.write' });
    const written = events.find((e) => e.target === '/mem/inbox/Audited/from-a-visitor.txt');
    expect(written).toMatchObject({ actorKind: 'anonymous', actorName: `via request ${request.slug}` });
    expect(written?.detail).toBe('5 B; rights of admin admin');
    // The creator's own writes stay theirs.
    expect(events.find((e) => e.target === '/mem/inbox/Audited')).toMatchObject({
      actorKind: 'admin',
      detail: 'folder',
    });
  });

  it('holds the file limit against 20 uploads at once: exactly 5 stored', async () => {
    const request = await create({ title: 'Five', maxFiles: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(send(request.slug, `f${i}.txt`, `file ${i}`))),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(5);
    expect(results.filter((r) => r === 'conflict:requestFilesFull')).toHaveLength(15);
    expect(await names(request.folderPath!)).toHaveLength(5);
    expect((await visitUploadRequest(m.ctx, request.slug, open)).state).toBe('full');
  });

  it('counts bytes stored, not declared: a stream is cut where the request runs out', async () => {
    const request = await create({ title: 'Bytes', maxTotalBytes: 10, maxFileBytes: 8 });
    expect(await outcome(send(request.slug, 'big.bin', 'x'.repeat(9), { size: 9 }))).toBe('too_large:fileTooLarge');
    await send(request.slug, 'a.bin', 'x'.repeat(6), { atMost: 1000 });
    // 4 bytes left: a form post of 5 is cut off and leaves nothing behind.
    expect(await outcome(send(request.slug, 'b.bin', 'x'.repeat(5), { atMost: 1000 }))).toBe(
      'too_large:requestBytesFull',
    );
    expect(await names(request.folderPath!)).toEqual(['a.bin']);
    expect(await outcome(send(request.slug, 'c.bin', 'x'.repeat(5), { size: 5 }))).toBe('too_large:requestBytesFull');
    await send(request.slug, 'd.bin', 'x'.repeat(4));
    expect((await getUploadRequest(m.ctx, ADMIN, request.id)).request).toMatchObject({
      files: 2,
      bytes: 10,
      state: 'full',
    });
  });

  it('asks for its password, then takes the grant the page was given', async () => {
    const request = await create({ title: 'Locked', password: 'open sesame', showArrivals: true });
    expect(await outcome(send(request.slug, 'a.txt', 'a'))).toBe('unauthenticated:requestPasswordRequired');
    expect(await outcome(send(request.slug, 'a.txt', 'a', {}, { ...open, password: 'wrong' }))).toBe(
      'forbidden:passwordIncorrect',
    );
    const locked = await visitUploadRequest(m.ctx, request.slug, open);
    expect(locked).toMatchObject({ locked: true, grant: null, arrivals: null });
    const unlocked = await visitUploadRequest(m.ctx, request.slug, { ...open, password: 'open sesame' });
    expect(unlocked.locked).toBe(false);
    await send(request.slug, 'a.txt', 'a', { note: 'from Ann' }, { ...open, grant: unlocked.grant });
    const again = await visitUploadRequest(m.ctx, request.slug, { ...open, grant: unlocked.grant });
    // Others see names, sizes and times, never the notes (those are for the creator).
    expect(again.arrivals).toEqual([expect.objectContaining({ name: 'a.txt', size: 1, note: null })]);
    expect((await getUploadRequest(m.ctx, ADMIN, request.id)).arrivals[0]!.note).toBe('from Ann');
  });

  it('closed or expired answers 410; deleting the request keeps its files', async () => {
    const request = await create({ title: 'Closing' });
    await send(request.slug, 'kept.txt', 'kept');
    await closeUploadRequest(m.ctx, ADMIN, request.id);
    expect(await outcome(send(request.slug, 'late.txt', 'late'))).toBe('gone:requestClosed');
    expect(await outcome(visitUploadRequest(m.ctx, request.slug, open))).toBe('gone:requestClosed');
    await deleteUploadRequest(m.ctx, ADMIN, request.id);
    expect(await outcome(visitUploadRequest(m.ctx, request.slug, open))).toBe('not_found:requestNotFound');
    expect(await names(request.folderPath!)).toEqual(['kept.txt']);
    const expired = await create({ title: 'Expired', expiresIn: 1 });
    await m.ctx.db.uploadRequest.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await outcome(send(expired.slug, 'late.txt', 'late'))).toBe('gone:requestExpired');
  });

  it("writes with its creator's rights as they are now, and a key sees only its own requests", async () => {
    const key = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({ name: 'inbox-key', permissions: Permission.MOUNT_UPLOAD, basic_path: '/mem/inbox' }),
    );
    const principal = await principalOfCreator(m.ctx, `apikey:${key.id}`);
    expect(await outcome(create({ title: 'Outside', folder: '/disk' }, principal))).toBe('forbidden:fsOutsideBasePath');
    const request = await create({ title: 'Key request' }, principal);
    expect((await listUploadRequests(m.ctx, principal)).map((r) => r.id)).toEqual([request.id]);
    expect((await listUploadRequests(m.ctx, ADMIN)).map((r) => r.id)).toContain(request.id);
    expect(await outcome(send(request.slug, 'a.txt', 'a'))).toBe('allowed');
    await updateApiKey(m.ctx, ADMIN, key.id, { permissions: Permission.MOUNT_VIEW, is_guest: undefined });
    expect(await outcome(send(request.slug, 'b.txt', 'b'))).toBe('gone:requestUnavailable');
    // Someone else's request is answered as missing.
    const other = await create({ title: 'Admin only' });
    expect(await outcome(closeUploadRequest(m.ctx, principal, other.id))).toBe('not_found:requestNotFound');
  });

  it('gives back the places of uploads a killed process never finished', async () => {
    const request = await create({ title: 'Stale', maxFiles: 1 });
    await m.ctx.db.uploadArrival.create({
      data: {
        id: 'stale-1',
        requestId: request.id,
        name: 'half.bin',
        reserved: 5n,
        createdAt: new Date(Date.now() - 7 * 3600_000),
      },
    });
    expect(await outcome(send(request.slug, 'a.txt', 'a'))).toBe('conflict:requestFilesFull');
    expect(await reapStaleArrivals(m.ctx)).toBe(1);
    expect(await outcome(send(request.slug, 'a.txt', 'a'))).toBe('allowed');
  });

  it('is edited and reopened: a closed one takes files again, an expired one only with a new expiry', async () => {
    const request = await create({ title: 'Reopened', maxFiles: 1 });
    await send(request.slug, 'first.txt', '1');
    expect(await outcome(send(request.slug, 'second.txt', '2'))).toBe('conflict:requestFilesFull');
    const edit = (input: Record<string, unknown>) =>
      updateUploadRequest(m.ctx, ADMIN, request.id, updateRequestSchema.parse(input));
    await edit({ maxFiles: 3, note: 'More, please', title: 'Reopened twice' });
    expect((await send(request.slug, 'second.txt', '2')).name).toBe('second.txt');
    await closeUploadRequest(m.ctx, ADMIN, request.id);
    expect(await outcome(send(request.slug, 'third.txt', '3'))).toBe('gone:requestClosed');
    await edit({ reopen: true });
    expect((await send(request.slug, 'third.txt', '3')).name).toBe('third.txt');
    const seen = (await getUploadRequest(m.ctx, ADMIN, request.id)).request;
    expect(seen).toMatchObject({ title: 'Reopened twice', note: 'More, please', maxFiles: 3, state: 'full' });

    // Expired: reopening needs a new expiry, which then holds.
    await m.ctx.db.uploadRequest.update({
      where: { id: request.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await outcome(edit({ reopen: true, maxFiles: 10 }))).toBe('invalid:requestReopenExpiry');
    await edit({ reopen: true, maxFiles: 10, expiresIn: 24 });
    expect((await getUploadRequest(m.ctx, ADMIN, request.id)).request.state).toBe('open');
  });
});
