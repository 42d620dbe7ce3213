import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { databaseFor } from '../support/postgres';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';

const run = promisify(execFile);
const PASSPHRASE = 'scheduled passphrase';
const PREFIX = '.cloudclip-backups/team/nightly/';

/**
 * Scheduled backups to S3 (issue 32, decision 0032 "Schedule"): the schedule saved from its form
 * without JavaScript, "Back up now" and a run time that passed made into tasks by the server's own
 * worker, each backup written to the bucket under the reserved prefix, the oldest past N removed,
 * a stored backup downloaded from the page and checked by `npm run restore --dry-run`.
 */
describe('scheduled backups to S3', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  let configId: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-scheduled-'));
  let target: { url: string; drop: () => Promise<void> } | null = null;

  const inBucket = async () =>
    (
      (await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: '.cloudclip-backups/' })))
        .Contents ?? []
    ).map((o) => o.Key!);
  /** The backup tasks, once none is waiting or running. */
  const settledBackups = async () => {
    for (let i = 0; i < 600; i++) {
      const tasks = (await call('GET', '/fs/tasks', { auth: admin })).body.data.tasks as {
        type: string;
        status: string;
        error: string | null;
        backup?: { name: string | null; storage: string };
      }[];
      const backups = tasks.filter((t) => t.type === 'backup');
      if (backups.length && backups.every((t) => !['pending', 'running'].includes(t.status))) return backups;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the backup tasks did not finish');
  };
  const schedule = (over: Record<string, string> = {}) => ({
    intent: 'schedule',
    enabled: 'on',
    frequency: 'daily',
    weekday: '0',
    time: '03:00',
    time_zone: 'Asia/Shanghai',
    keep: '1',
    storage_config_id: configId,
    folder: '/team/nightly/',
    passphrase: PASSPHRASE,
    passphrase_again: PASSPHRASE,
    ...over,
  });

  beforeAll(async () => {
    server = await startServer({ keepData: true });
    admin = await adminAuth(call);
    bucket = await createTestBucket('scheduled');
    const config = await call('POST', '/s3-configs', { auth: admin, body: s3ConfigBody(bucket, { name: 'Off-site' }) });
    configId = config.body.data.id;
    await page.login();
    await call('POST', '/paste', { auth: admin, body: { content: 'backed up text', slug: 'backed-up' } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    await target?.drop();
    await bucket?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('saves the schedule from its form, refusing a mistake beside its field', async () => {
    const refused = await page.post('/admin/backups', schedule({ time: '25:00' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Give a time as HH:MM');
    const saved = await page.post('/admin/backups', schedule());
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/admin/backups?saved');
    const html = await (await page.get('/admin/backups?saved')).text();
    expect(html).toContain('The schedule is saved.');
    expect(html).toContain('A passphrase is saved');
    expect(html).not.toContain(PASSPHRASE);
  });

  it('backs up now and on a run time that passed, to the bucket, keeping the newest', async () => {
    expect((await page.post('/admin/backups', { intent: 'runNow', id: 'run' })).status).toBe(302);
    const [manual] = await settledBackups();
    expect(manual, JSON.stringify(manual)).toMatchObject({ status: 'completed', backup: { storage: 'Off-site' } });
    expect(await inBucket()).toEqual([PREFIX + manual!.backup!.name]);

    // A run time passed while the server was down: the restarted server makes its task by itself.
    await server.stop();
    await withServerDb(server, (db) =>
      db.run('UPDATE backup_schedule SET saved_at = ?', db.time(new Date(Date.now() - 3 * 24 * 3600_000))),
    );
    server = await startServer({ dataDir: server.dataDir, keepData: true });
    admin = await adminAuth(call);
    await page.login();
    let backups = await settledBackups();
    for (let i = 0; backups.length < 2 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      backups = await settledBackups();
    }
    const [scheduled] = backups;
    expect(scheduled).toMatchObject({ status: 'completed' });
    expect(scheduled!.backup!.name).not.toBe(manual!.backup!.name);
    // Keep 1: the first is gone from the bucket.
    expect(await inBucket()).toEqual([PREFIX + scheduled!.backup!.name]);

    const html = await (await page.get('/admin/backups')).text();
    expect(html).toContain(scheduled!.backup!.name);
    const dashboard = await (await page.get('/admin')).text();
    expect(dashboard).toContain('Last backup completed');
    // In the audit log: the schedule saved by the admin, each backup made by the system's task.
    const audit = await (await page.get('/admin/audit-log/export.csv?action=backup.')).text();
    expect(audit).toMatch(/"admin","[^"]+","backup\.schedule","Off-site\/team\/nightly\/","ok","page"/);
    expect(audit).toMatch(/"admin","[^"]+","backup\.run","Off-site\/team\/nightly\/","ok","page"/);
    expect(audit).toContain(`"backup.create","${scheduled!.backup!.name}","ok","task"`);
  });

  it('downloads a stored backup from the page, which restore checks whole', async () => {
    const [name] = (await inBucket()).map((key) => key.slice(PREFIX.length));
    const download = await page.get(`/admin/backups/stored/${name}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(name);
    const bytes = Buffer.from(await download.arrayBuffer());
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: PREFIX + name }));
    expect(bytes.equals(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);
    // Only a name the schedule gives, in its folder; nobody but an admin.
    expect((await page.get('/admin/backups/stored/secret.key')).status).toBe(404);
    expect((await page.get('/admin/backups/stored/..%2Fsecret.key')).status).toBe(404);
    expect((await fetch(`${server.url}/admin/backups/stored/${name}`, { redirect: 'manual' })).status).not.toBe(200);

    const file = path.join(work, name!);
    fs.writeFileSync(file, bytes);
    const restored = path.join(work, 'restored');
    target = server.databaseUrl ? await databaseFor(restored) : null;
    const dry = await run(process.execPath, [path.resolve('build/cli/cli.js'), 'restore', file, '--dry-run'], {
      env: {
        ...process.env,
        LANG: 'en',
        DATA_DIR: restored,
        DATABASE_URL: target?.url ?? '',
        BACKUP_PASSPHRASE: PASSPHRASE,
      },
    });
    expect(dry.stdout).toContain('every checksum matches');
  });

  it('npm run backup -- storage:<name>/<folder> writes to the same storage, and names a storage it does not know', async () => {
    const env = {
      ...process.env,
      LANG: 'en',
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? '',
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    const cli = path.resolve('build/cli/cli.js');
    const made = await run(process.execPath, [cli, 'backup', 'storage:Off-site/by-hand'], { env });
    expect(made.stdout).toMatch(/Backed up to Off-site: \.cloudclip-backups\/by-hand\/cloudclip-\d{8}-\d{6}\.tar\.gz/);
    expect((await inBucket()).filter((key) => key.startsWith('.cloudclip-backups/by-hand/'))).toHaveLength(1);
    // Its work folder is gone from the data folder.
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    const unknown = await run(process.execPath, [cli, 'backup', 'storage:Nowhere/x'], { env }).catch((e) => e);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no storage named “Nowhere”');
  });
});
