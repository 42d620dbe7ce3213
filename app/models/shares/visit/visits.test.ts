import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { createApiKey } from '~/models/accounts/api-keys.server';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { tempModelContext, type TempContext } from '../../../../tests/support/model-context';
import { ADMIN, ANONYMOUS } from '../../../../tests/support/principals';
import { outcome } from '../../../../tests/support/fs-models';
import { openFileShare, unlockFileShare, visitShare, type ContentAccess } from './file-access.server';
import { shareLinks } from './content-access.server';
import { openShareContent } from './folder-access.server';
import { updateFile } from '../manage/files-admin.server';
import { uploadFileShare } from '../create/uploads.server';
import { updateFileSchema } from '~/lib/schemas/files';

/**
 * Who spends a share's views (issue 42, items 3, 4 and 7; docs/api-extensions.md "What a view limit
 * limits"): its owner never does; a visitor's counted view hands out the grant that opens the rest
 * of the visit; without a grant, the content of a view-limited share counts a view on every door;
 * an encrypted share counts when its content is fetched, never when its page opens.
 */
describe('share visits and view limits', () => {
  let temp: TempContext;
  const address = '198.51.100.7';
  let n = 0;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  const share = (options: Record<string, unknown> = {}, principal = ADMIN) =>
    uploadFileShare(temp.ctx, principal, {
      filename: 'note.txt',
      body: Readable.from([Buffer.from('hello')]),
      size: 5,
      sizeIsExact: true,
      options: { slug: `visit-${++n}`, ...options },
    });
  const views = async (id: string) => (await temp.ctx.db.fileShare.findUnique({ where: { id } }))?.views ?? null;
  const fetchBytes = (slug: string, access: ContentAccess = {}) =>
    openShareContent(temp.ctx, slug, null, access, address, 'attachment');

  it("never counts its owner's visits: the page, the API, an unlock or the bytes (item 3)", async () => {
    const made = await createApiKey(
      temp.ctx,
      ADMIN,
      createApiKeySchema.parse({ name: 'owner', permissions: Permission.FILE_SHARE, expires_at: 'never' }),
    );
    const owner = {
      kind: 'apikey',
      keyId: made.id,
      name: 'owner',
      permissions: Permission.FILE_SHARE,
      basePath: '/',
      role: 'GENERAL',
      isGuest: false,
      accountId: null,
      ownerKeyId: made.id,
    } as const;
    const once = await share({ max_views: 1, password: 'pw' }, owner);
    for (const principal of [owner, ADMIN]) {
      const visit = await visitShare(temp.ctx, once.slug, { principal });
      expect(visit.locked).toBe(false);
      expect((await openFileShare(temp.ctx, once.slug, { principal })).locked).toBe(false);
      await unlockFileShare(temp.ctx, once.slug, 'pw', address, { principal });
      await fetchBytes(once.slug, { principal });
    }
    expect(await views(once.id)).toBe(0);
    // The recipient still has the one view, and after it the share is gone.
    const { grant } = await unlockFileShare(temp.ctx, once.slug, 'pw', address);
    expect(await views(once.id)).toBe(1);
    await fetchBytes(once.slug, { grants: [grant] });
    expect(await visitShare(temp.ctx, once.slug, { principal: ANONYMOUS })).toMatchObject({ locked: true });
    expect(await outcome(unlockFileShare(temp.ctx, once.slug, 'pw', address))).toBe('gone:fileViewsUsedUp');
  });

  it('binds the bytes of a view-limited share on every door: a grant opens the visit, a bare link counts (item 7)', async () => {
    const twice = await share({ max_views: 2 });
    const visit = await visitShare(temp.ctx, twice.slug, {});
    const grant = visit.locked ? null : visit.grant;
    expect(grant).toMatch(/^\d+\./);
    for (let i = 0; i < 3; i++) await fetchBytes(twice.slug, { grants: [grant] });
    expect(await views(twice.id)).toBe(1);
    // A bare download link (curl, a forwarded URL) counts a view each time, and the limit holds.
    const bare = await fetchBytes(twice.slug);
    expect(bare.grant).toMatch(/^\d+\./);
    expect(await views(twice.id)).toBe(2);
    expect(await outcome(fetchBytes(twice.slug))).toBe('gone:fileViewsUsedUp');
    expect(await outcome(fetchBytes(twice.slug, { grants: [grant] }))).toMatch(/^(gone|not_found)/);
  });

  it('gives API clients the grant in the content URLs, never a presigned URL that outlives the view', async () => {
    const once = await share({ max_views: 1, use_proxy: false });
    const opened = await openFileShare(temp.ctx, once.slug);
    const links = await shareLinks(temp.ctx, opened.file, 'http://host', 'stored', opened.grant);
    expect(links.downloadUrl).toBe(
      `http://host/api/file-download/${once.slug}?grant=${encodeURIComponent(opened.grant!)}`,
    );
    // A grant opens its own share only.
    const other = await share({ max_views: 1 });
    expect(await outcome(fetchBytes(other.slug, { grants: [opened.grant] }))).toBe('allowed');
    expect(await views(other.id)).toBe(1);
    // A share without a limit or password needs no grant and counts nothing on its bytes (as in v0.7.3).
    const open = await share();
    expect((await openFileShare(temp.ctx, open.slug)).grant).toBeNull();
    await fetchBytes(open.slug);
    expect(await views(open.id)).toBe(1);
  });

  it('ends the grants of a password share when its password changes', async () => {
    const locked = await share({ password: 'first' });
    const { grant } = await unlockFileShare(temp.ctx, locked.slug, 'first', address);
    expect(await outcome(fetchBytes(locked.slug, { grants: [grant] }))).toBe('allowed');
    await updateFile(temp.ctx, ADMIN, locked.id, updateFileSchema.parse({ password: 'second' }));
    expect(await outcome(fetchBytes(locked.slug, { grants: [grant] }))).toBe('unauthenticated:filePasswordRequired');
  });

  it('spends no view of an encrypted share when its page opens, only when its content is fetched (item 4)', async () => {
    const sealed = await share({ max_views: 1 });
    await temp.ctx.db.fileShare.update({ where: { id: sealed.id }, data: { envelope: 'header.metadata' } });
    // A link cut before "#" (or with a wrong key) opens the page, which says so: nothing is spent.
    for (let i = 0; i < 3; i++) expect((await visitShare(temp.ctx, sealed.slug, {})).locked).toBe(false);
    expect((await openFileShare(temp.ctx, sealed.slug)).grant).toBeNull();
    expect(await views(sealed.id)).toBe(0);
    // The page, having opened the envelope with the key, fetches the content: that is the view.
    const first = await fetchBytes(sealed.slug);
    expect(await views(sealed.id)).toBe(1);
    await fetchBytes(sealed.slug, { grants: [first.grant] });
    expect(await views(sealed.id)).toBe(1);
  });
});
