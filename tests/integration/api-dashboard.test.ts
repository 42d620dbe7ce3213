import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb, type ServerDb } from '../support/server-db';

/**
 * `GET /api/admin/dashboard/stats` (docs/product/api.md §3.7) against the real app process: the
 * figures are checked against the database file itself, rows dated back by SQL.
 */
describe('dashboard stats API', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const stats = async () => {
    const answer = await call('GET', '/admin/dashboard/stats', { auth: admin });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  /** Runs SQL on the server's database (tests/support/server-db.ts) while it keeps running. */
  const sql = <T>(run: (db: ServerDb) => Promise<T>): Promise<T> => withServerDb(server, run);
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const count = async (db: ServerDb, query: string) => (await db.all<{ n: number }>(query))[0]!.n;

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  it('is for admins only', async () => {
    expect((await call('GET', '/admin/dashboard/stats')).status).toBe(401);
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'every-bit', permissions: 204547, expires_at: 'never' },
    });
    const keyed = await call('GET', '/admin/dashboard/stats', { auth: `ApiKey ${key.body.data.key}` });
    expect(keyed.status).toBe(403);
  });

  it('counts what the database holds, per UTC day, and the usage of each storage', async () => {
    const before = await stats();
    expect(before).toMatchObject({ totalPastes: 0, totalFiles: 0, totalStorageUsed: 0 });
    expect(before.lastWeekPastes).toEqual([0, 0, 0, 0, 0, 0, 0]);

    for (const content of ['one', 'two', 'three']) {
      expect((await call('POST', '/paste', { auth: admin, body: { content } })).status).toBe(200);
    }
    const uploaded: string[] = [];
    for (const [name, size] of [
      ['a.bin', 100],
      ['b.bin', 2000],
    ] as const) {
      const put = await call('PUT', `/upload-direct/${name}`, { auth: admin, raw: new Uint8Array(size) });
      expect(put.status, put.text).toBe(200);
      uploaded.push(put.body.data.id);
    }
    // One paste two days back; one file nine days back (the week before: in no weekly array).
    await sql(async (db) => {
      await db.run('UPDATE pastes SET created_at = ? WHERE content = ?', db.time(daysAgo(2)), 'two');
      await db.run('UPDATE files SET created_at = ? WHERE id = ?', db.time(daysAgo(9)), uploaded[1]);
    });

    const now = await stats();
    const counted = await sql(async (db) => ({
      pastes: await count(db, 'SELECT count(*) AS n FROM pastes'),
      files: await count(db, 'SELECT count(*) AS n FROM files'),
      keys: await count(db, 'SELECT count(*) AS n FROM api_keys'),
      configs: await count(db, 'SELECT count(*) AS n FROM storage_configs'),
      bytes: await count(db, 'SELECT sum(size) AS n FROM files'),
    }));
    expect(counted).toMatchObject({ pastes: 3, files: 2, bytes: 2100 });
    expect(now).toMatchObject({
      totalPastes: counted.pastes,
      totalFiles: counted.files,
      totalApiKeys: counted.keys,
      totalS3Configs: counted.configs,
      totalStorageUsed: counted.bytes,
      totalMounts: 0,
    });
    expect(now.lastWeekPastes).toEqual([0, 0, 0, 0, 1, 0, 2]);
    expect(now.lastWeekFiles).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(now.days).toHaveLength(7);
    expect(now.days[6]).toBe(new Date().toISOString().slice(0, 10));

    const local = now.s3Buckets.find((b: { is_default: number }) => b.is_default === 1);
    expect(local).toMatchObject({
      usage: { file_count: 2, total_size: 2100 },
      usedStorage: 2100,
      fileCount: 2,
      totalStorage: 0,
      usagePercent: 0,
    });
    // Secrets never leave the server, here neither.
    expect(JSON.stringify(now)).not.toMatch(/secret_access_key|access_key_id/);

    // With a capacity set, the share of it that is used (rounded, at most 100).
    await sql((db) => db.run('UPDATE storage_configs SET total_storage_bytes = 4200 WHERE id = ?', local.id));
    const capped = (await stats()).s3Buckets.find((b: { id: string }) => b.id === local.id);
    expect(capped).toMatchObject({ totalStorage: 4200, usagePercent: 50 });
  });

  it('reports a mount, its listed entries in the search index, and directory cache hits', async () => {
    const localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    const mount = await call('POST', '/admin/mounts', {
      auth: admin,
      body: { name: 'disk', mount_path: '/disk', storage_config_id: localId, storage_type: 'S3', cache_ttl: 300 },
    });
    expect(mount.status, mount.text).toBe(200);
    expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/disk/folder/' } })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call('GET', '/fs/list?path=/disk/', { auth: admin })).status).toBe(200);

    expect((await stats()).totalMounts).toBe(1);
    const answer = await call('GET', '/admin/cache/stats', { auth: admin });
    expect(answer.status).toBe(200);
    const indexed = await sql((db) => count(db, 'SELECT count(*) AS n FROM fs_index_entries'));
    expect(indexed).toBeGreaterThan(0);
    expect(answer.body.data.cache.search).toMatchObject({ name: 'search', cacheSize: indexed });
    expect(answer.body.data.cache.directory.hits).toBeGreaterThan(0);
    expect(answer.body.data.cache.directory.hitRate).toBeGreaterThan(0);
  });
});
