import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { databaseFor } from '../support/postgres';
import { mountLocal } from '../support/local-mount';

const run = promisify(execFile);
const CLI = path.resolve('build/cli/cli.js');
const PASSPHRASE = 'correct horse battery';
const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

/** `npm run backup` / `npm run restore` as an operator runs them: the built command, the app's environment. */
function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], { env: { ...process.env, LANG: 'en', ...env } }).then(
    (done) => ({ code: 0, out: done.stdout, err: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({
      code: failed.code,
      out: failed.stdout,
      err: failed.stderr,
    }),
  );
}

/**
 * Backup and restore (issue 32, docs/deploy.md "Backups"): a backup taken while the app serves reads
 * and writes, restored into an empty data folder (and, on the PostgreSQL pass, an empty database),
 * gives every share back with its bytes, password and remaining views, and every key still
 * authenticates. S3 objects are listed, not copied.
 */
describe('backup and restore', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-backup-'));
  const archive = path.join(work, 'backup.tar.gz');
  const restored = path.join(work, 'restored');
  /** On the PostgreSQL pass, the empty database the backup is restored into. */
  let target: { url: string; drop: () => Promise<void> } | null = null;
  const sharedBytes = Buffer.from('the bytes of a shared file\n'.repeat(1000));
  const dav = (method: string, at: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${server.url}/dav${at}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`, ...headers },
      body,
    });

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('backup');
  });
  afterAll(async () => {
    await server?.stop();
    await target?.drop();
    await bucket?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the app serves, and restores every share, rule and key into an empty folder', async () => {
    const pasted = await call('POST', '/paste', { auth: admin, body: { content: 'kept text', slug: 'kept-text' } });
    expect(pasted.status).toBe(200);
    const guarded = { content: 'guarded text', slug: 'guarded', password: 'pw-1', maxViews: 5 };
    expect((await call('POST', '/paste', { auth: admin, body: guarded })).status).toBe(200);
    expect((await call('POST', '/paste/guarded', { body: { password: 'pw-1' } })).status).toBe(200); // 4 views left
    const local = await call('PUT', '/upload-direct/report.txt?password=file-pw&slug=local-file', {
      auth: admin,
      raw: new Uint8Array(sharedBytes),
    });
    expect(local.status, local.text).toBe(200);
    const config = await call('POST', '/s3-configs', {
      auth: admin,
      body: s3ConfigBody(bucket, { name: 'Backup S3' }),
    });
    const onS3 = await call('PUT', `/upload-direct/cloud.txt?slug=s3-file&s3_config_id=${config.body.data.id}`, {
      auth: admin,
      raw: new Uint8Array(sharedBytes),
    });
    expect(onS3.status, onS3.text).toBe(200);
    const key = (await call('POST', '/admin/api-keys', { auth: admin, body: { name: 'kept key', permissions: 1 } }))
      .body.data.key as string;
    await withServerDb(server, (db) =>
      db.run("UPDATE system_settings SET value = '321' WHERE key = 'max_upload_size'"),
    );
    // A mount, a file in it, and a WebDAV lock on that file.
    await mountLocal(call, admin);
    expect((await dav('PUT', '/local/locked.txt', {}, 'locked bytes')).status).toBe(201);
    const lock = await dav(
      'LOCK',
      '/local/locked.txt',
      { Timeout: 'Second-3600', 'Content-Type': 'application/xml' },
      LOCK_BODY,
    );
    expect(lock.status).toBe(200);
    const token = lock.headers.get('Lock-Token')!;

    // A load of reads and writes while the backup runs.
    let running = true;
    let served = 0;
    const load = (async () => {
      for (let i = 0; running; i++) {
        const [read, wrote] = await Promise.all([
          call('GET', '/paste/kept-text'),
          call('POST', '/paste', { auth: admin, body: { content: `during ${i}` } }),
        ]);
        expect(read.status).toBe(200);
        expect(wrote.status).toBe(200);
        served += 2;
      }
    })();
    const backedUp = await cli(['backup', archive], {
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? '',
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    running = false;
    await load;
    expect(backedUp.code, backedUp.err).toBe(0);
    expect(served).toBeGreaterThan(0);
    expect(backedUp.out).toMatch(/1 objects on S3/);
    await server.stop();

    // The dry run checks every checksum and says what it would write, and writes nothing.
    const onPostgres = server.databaseUrl !== null;
    target = onPostgres ? await databaseFor(restored) : null;
    const env = { DATA_DIR: restored, DATABASE_URL: target?.url ?? '', BACKUP_PASSPHRASE: PASSPHRASE };
    const dry = await cli(['restore', archive, '--dry-run'], env);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('every checksum matches');
    // SQLite's one file, or one file of rows for each of PostgreSQL's tables.
    expect(dry.out).toMatch(onPostgres ? /Would restore database: [1-9]\d+ files/ : /Would restore database: 1 files/);
    expect(fs.existsSync(restored)).toBe(false);
    // A wrong passphrase opens nothing, and writes nothing.
    const wrong = await cli(['restore', archive], { ...env, BACKUP_PASSPHRASE: 'not the passphrase' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('The passphrase does not open');
    expect(fs.existsSync(restored)).toBe(false);

    const done = await cli(['restore', archive], env);
    expect(done.code, done.err).toBe(0);
    server = await startServer({ dataDir: restored });
    admin = await adminAuth(call);
    expect((await call('GET', '/paste/kept-text')).body.content).toBe('kept text');
    // The password and the views left came back with the paste.
    const locked = await call('GET', '/paste/guarded');
    expect(locked.body.requiresPassword).toBe(true);
    expect(locked.text).not.toContain('guarded text');
    const guardedRow = await withServerDb(server, (db) =>
      db.all<{ views: number }>("SELECT views FROM pastes WHERE slug = 'guarded'"),
    );
    expect(guardedRow).toEqual([{ views: 1 }]);
    expect((await call('POST', '/paste/guarded', { body: { password: 'pw-1' } })).body.content).toBe('guarded text');
    const file = await fetch(`${server.url}/api/file-download/local-file?password=file-pw`);
    expect(Buffer.from(await file.arrayBuffer()).equals(sharedBytes)).toBe(true);
    // The S3 object was never copied: it is read from the bucket, with the restored (decrypted) credentials.
    const cloud = await fetch(`${server.url}/api/file-download/s3-file`);
    expect(Buffer.from(await cloud.arrayBuffer()).equals(sharedBytes)).toBe(true);
    // The mount and its file came back, and the lock still holds: only its token writes.
    expect(await (await dav('GET', '/local/locked.txt')).text()).toBe('locked bytes');
    expect((await dav('PUT', '/local/locked.txt', {}, 'not without the token')).status).toBe(423);
    expect((await dav('PUT', '/local/locked.txt', { If: `(${token})` }, 'with the token')).status).toBe(204);
    expect((await call('GET', '/test/api-key', { auth: `ApiKey ${key}` })).status).toBe(200);
    expect((await call('GET', '/test/api-key', { auth: 'ApiKey not-a-key' })).status).toBe(401);
    const setting = await withServerDb(server, (db) =>
      db.all<{ value: string }>("SELECT value FROM system_settings WHERE key = 'max_upload_size'"),
    );
    expect(setting).toEqual([{ value: '321' }]);

    // Into a folder that holds a Cloudclip now: refused, untouched.
    const again = await cli(['restore', archive], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('The target is not empty');
  });

  it('refuses a damaged backup before writing anything', async () => {
    const damaged = path.join(work, 'damaged.tar.gz');
    const bytes = fs.readFileSync(archive);
    // One byte changed in the middle of the compressed stream.
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const target = path.join(work, 'from-damaged');
    const refused = await cli(['restore', damaged], { DATA_DIR: target, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The backup is damaged');
    expect(fs.existsSync(target)).toBe(false);
  });
});
