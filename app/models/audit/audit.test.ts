import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRequestScope } from '~/models/request-scope.server';
import { createApiKeySchema, updateApiKeySchema } from '~/lib/schemas/api-keys';
import { createPasteSchema } from '~/lib/schemas/pastes';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { parseAuditQuery } from '~/lib/audit-query';
import { ensureFirstAdmin } from '~/models/accounts/admins.server';
import { createApiKey, deleteApiKey, updateApiKey } from '~/models/accounts/api-keys.server';
import { loginAdmin, loginApiKey } from '~/models/accounts/sign-in.server';
import { removePaths, renamePath, writeTextFile } from '~/models/fs/write.server';
import { createMount, deleteMount, updateMount } from '~/models/mounts/mounts.server';
import { createPaste, deletePastes, updatePaste } from '~/models/pastes/pastes.server';
import { updateSettings } from '~/models/settings/settings-admin.server';
import { deleteFiles, updateFile } from '~/models/shares/manage/files-admin.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { Permission } from '~/lib/permissions';
import { ADMIN, ANONYMOUS, keyPrincipal } from '../../../tests/support/principals';
import { fsModels, type FsModels } from '../../../tests/support/fs-models';
import { listAuditEvents, pruneAuditEvents } from './events.server';
import { setRetentionDays } from '~/models/settings/settings-admin.server';
import { audited } from './record.server';

/**
 * The audit log (issue 32, decision 0033) on the real models: what each listed action records, and
 * the page's filters and paging. The doors' part (address, request id, door) is proven by
 * tests/integration/audit-log.test.ts.
 */
describe('audit log', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  /** The newest events, after what is queued is written. */
  const newest = async (filter: Parameters<typeof listAuditEvents>[2] = {}) =>
    (await listAuditEvents(m.ctx, ADMIN, filter)).events;
  const last = async () => (await newest())[0]!;

  it('records sign-ins and failed ones, naming the name tried but never a password or key', async () => {
    await ensureFirstAdmin(m.ctx, { username: 'root', password: 'correct horse' });
    await loginAdmin(m.ctx, { username: 'root', password: 'correct horse' }, '203.0.113.9');
    expect(await last()).toMatchObject({ action: 'auth.login', actorKind: 'admin', actorName: 'root', result: 'ok' });
    await expect(loginAdmin(m.ctx, { username: 'root', password: 'wrong' }, '203.0.113.9')).rejects.toThrow();
    const failed = await last();
    expect(failed).toMatchObject({
      action: 'auth.loginFailed',
      actorKind: 'anonymous',
      target: 'root',
      result: 'failed',
    });
    expect(JSON.stringify(failed)).not.toContain('wrong');
    await expect(loginApiKey(m.ctx, 'not-a-real-key-123', '203.0.113.9')).rejects.toThrow();
    const keyFailed = await last();
    expect(keyFailed).toMatchObject({ action: 'auth.loginFailed', target: null });
    expect(JSON.stringify(keyFailed)).not.toContain('not-a-real-key');
  });

  it('records keys created, changed and deleted, by name', async () => {
    const key = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({ name: 'ci-bot', permissions: Permission.TEXT, expires_at: '2099-01-01T00:00:00Z' }),
    );
    expect(await last()).toMatchObject({ action: 'apikey.create', target: 'ci-bot', actorName: 'admin' });
    await updateApiKey(
      m.ctx,
      ADMIN,
      key.id,
      updateApiKeySchema.parse({ permissions: Permission.TEXT | Permission.FILE_SHARE }),
    );
    expect(await last()).toMatchObject({ action: 'apikey.update', target: 'ci-bot', detail: 'permissions' });
    const session = await loginApiKey(m.ctx, key.key, '203.0.113.10');
    expect(await last()).toMatchObject({ action: 'auth.login', actorKind: 'apikey', actorName: 'ci-bot' });
    expect(session.principal.kind).toBe('apikey');
    await deleteApiKey(m.ctx, ADMIN, key.id);
    expect(await last()).toMatchObject({ action: 'apikey.delete', target: 'ci-bot' });
  });

  it('records pastes and file shares created, edited and deleted, by slug', async () => {
    const writer = keyPrincipal('writer');
    const paste = await createPaste(m.ctx, writer, createPasteSchema.parse({ content: 'hello', slug: 'audit-paste' }));
    expect(await last()).toMatchObject({ action: 'paste.create', target: 'audit-paste', actorKind: 'apikey' });
    await updatePaste(m.ctx, writer, paste.slug, { content: 'hello again', newSlug: 'audit-paste-2' });
    expect(await last()).toMatchObject({ action: 'paste.update', target: 'audit-paste → audit-paste-2' });
    await deletePastes(m.ctx, writer, [paste.id]);
    expect(await last()).toMatchObject({ action: 'paste.delete', target: 'audit-paste-2' });

    const share = await uploadFileShare(m.ctx, writer, {
      filename: 'notes.txt',
      body: Readable.from([Buffer.from('notes')]),
      options: uploadOptionsSchema.parse({ slug: 'audit-file' }),
    });
    expect(await last()).toMatchObject({ action: 'file.create', target: 'audit-file', detail: 'notes.txt' });
    await updateFile(m.ctx, writer, share.id, { remark: 'edited' });
    expect(await last()).toMatchObject({ action: 'file.update', target: 'audit-file' });
    await deleteFiles(m.ctx, writer, [share.id], 'both');
    expect(await last()).toMatchObject({ action: 'file.delete', target: 'audit-file', detail: 'both' });
  });

  it('records mounts, settings and every write to mounted storage, with the virtual path', async () => {
    const mount = await createMount(m.ctx, ADMIN, {
      name: 'audited',
      mount_path: '/audited',
      storage_config_id: m.mounts.mem.storageConfigId!,
    });
    expect(await last()).toMatchObject({ action: 'mount.create', target: '/audited' });
    await updateMount(m.ctx, ADMIN, mount.id, { cache_ttl: 60 });
    expect(await last()).toMatchObject({ action: 'mount.update', detail: 'cache_ttl' });
    await deleteMount(m.ctx, ADMIN, mount.id);
    expect(await last()).toMatchObject({ action: 'mount.delete', target: '/audited' });

    await updateSettings(m.ctx, ADMIN, { max_upload_size: '200' });
    expect(await last()).toMatchObject({ action: 'settings.update', target: 'max_upload_size', detail: '200' });

    const editor = keyPrincipal('editor', Permission.MOUNT_UPLOAD | Permission.MOUNT_DELETE | Permission.MOUNT_RENAME);
    await writeTextFile(m.ctx, editor, '/mem/a.txt', 'abc');
    expect(await last()).toMatchObject({
      action: 'fs.write',
      target: '/mem/a.txt',
      detail: '3 B',
      actorName: 'editor',
    });
    await renamePath(m.ctx, editor, '/mem/a.txt', '/mem/b.txt');
    expect(await last()).toMatchObject({ action: 'fs.move', target: '/mem/a.txt → /mem/b.txt' });
    await removePaths(m.ctx, editor, ['/mem/b.txt']);
    expect(await last()).toMatchObject({ action: 'fs.delete', target: '/mem/b.txt' });
  });

  it('takes the address, request id and door from the request it serves', async () => {
    const scope = { requestId: 'req-42', address: '198.51.100.7', door: 'webdav' as const };
    await inRequestScope(scope, () =>
      createPaste(m.ctx, keyPrincipal('dav'), createPasteSchema.parse({ content: 'x' })),
    );
    expect(await last()).toMatchObject({ action: 'paste.create', ...scope, actorName: 'dav' });
    await createPaste(m.ctx, keyPrincipal('dav'), createPasteSchema.parse({ content: 'y' }));
    expect(await last()).toMatchObject({ requestId: null, address: null, door: null });
  });

  it('records a refused change as denied and a failed one as failed, and passes the error on', async () => {
    const refuse = audited(m.ctx, ANONYMOUS, { action: 'mount.delete', target: '/x' }, () =>
      deleteMount(m.ctx, ANONYMOUS, 'nope'),
    );
    await expect(refuse).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await last()).toMatchObject({ result: 'denied', target: '/x' });
    await expect(
      audited(m.ctx, ADMIN, { action: 'mount.delete', target: '/y' }, () => deleteMount(m.ctx, ADMIN, 'nope')),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(await last()).toMatchObject({ result: 'failed', detail: 'mountNotFound' });
  });

  it('filters by who, action or group, target, result and day, and pages by id', async () => {
    const only = async (query: string) =>
      (await newest(parseAuditQuery(new URLSearchParams(query)).filter)).map((e) => e.action);
    expect(new Set(await only('actor=editor'))).toEqual(new Set(['fs.write', 'fs.move', 'fs.delete']));
    expect(new Set(await only('action=paste.'))).toEqual(new Set(['paste.create', 'paste.update', 'paste.delete']));
    expect(await only('action=file.update')).toEqual(['file.update']);
    expect(await only('target=audit-file&action=file.')).toEqual(['file.delete', 'file.update', 'file.create']);
    expect(await only('result=denied')).toEqual(['mount.delete']);
    expect(await only('actor=anonymous&action=auth.')).toEqual(['auth.loginFailed', 'auth.loginFailed']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await only(`from=${today}&to=${today}`)).length).toBeGreaterThan(10);
    expect(await only('to=2000-01-01')).toEqual([]);

    const all = await newest();
    const first = await listAuditEvents(m.ctx, ADMIN, {}, all[4]!.id);
    expect(first.events.map((e) => e.id)).toEqual(all.slice(5).map((e) => e.id));
  });

  it('keeps events for the retention setting, and only admins read them', async () => {
    await expect(listAuditEvents(m.ctx, keyPrincipal('reader'), {})).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(setRetentionDays(m.ctx, ADMIN, 'audit_retention_days', '0')).rejects.toMatchObject({
      messageKey: 'auditRetentionInvalid',
    });
    expect(await setRetentionDays(m.ctx, ADMIN, 'audit_retention_days', '30')).toBe(30);
    const count = (await newest()).length;
    expect(await pruneAuditEvents(m.ctx, Date.now() + 29 * 86_400_000)).toBe(0);
    expect(await pruneAuditEvents(m.ctx, Date.now() + 31 * 86_400_000)).toBeGreaterThanOrEqual(count);
    expect(await m.ctx.db.auditEvent.count()).toBe(0);
  });
});
