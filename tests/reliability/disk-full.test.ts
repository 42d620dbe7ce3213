import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/** A size-capped tmpfs needs root (mount); elsewhere this case cannot be built and says so. */
function mountTmpfs(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
    return true;
  } catch {
    return false;
  }
}

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-full-'));
const mounted = mountTmpfs(mountPoint, '48m');
if (!mounted) console.warn('reliability: the disk-full case needs root to mount a tmpfs; it is skipped here');

describe.skipIf(!mounted)('reliability: the data disk fills up', () => {
  let server: RunningServer;
  let auth: string;
  const call = apiClient(() => server.url);
  const browser = formClient(() => server.url);
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    server = await startServer({ dataDir: mountPoint });
    auth = await adminAuth(call);
    await call('POST', '/paste', { auth, body: { content: 'stored before the disk filled', slug: 'kept' } });
    await browser.login();
  });
  afterAll(async () => {
    await server?.stop();
    execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Fills what is left of the disk, as another program writing to it would. */
  function fill() {
    const fd = fs.openSync(filler, 'w');
    const chunk = Buffer.alloc(1024 * 1024);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Paste text larger than the room the database's WAL file already has. Once a checkpoint has copied
   * the WAL back, SQLite writes the next transaction from the WAL's start, into blocks the file holds:
   * a smaller paste can then be stored on a full disk, rightly (CI saw a 64 KiB one stored). Random
   * text, so nothing makes it smaller on the way.
   */
  function beyondTheWal(): string {
    const wal = fs.statSync(path.join(mountPoint, 'cloudclip.db-wal'), { throwIfNoEntry: false })?.size ?? 0;
    return randomBytes(Math.ceil(((wal + 256 * 1024) * 3) / 4)).toString('base64');
  }

  it('writes answer 507 with Retry-After and keep nothing half-written; stored content stays readable; it recovers', async () => {
    fill();
    const paste = await call('POST', '/paste', { auth, body: { content: beyondTheWal() } });
    expect(paste.status).toBe(507);
    expect(paste.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(paste.body.error.key).toBe('databaseFull');

    const upload = await call('PUT', '/upload-direct/big.bin', { auth, raw: new Uint8Array(2 * 1024 * 1024) });
    expect(upload.status).toBe(507);
    expect(upload.body.error.key).toBe('insufficientStorage'); // the free-space check, before a byte is written
    // Without a declared size the disk fills mid-stream.
    const chunks = Array.from({ length: 32 }, () => new Uint8Array(64 * 1024));
    const streamed = await fetch(`${server.url}/api/upload-direct/streamed.bin`, {
      method: 'PUT',
      headers: { Authorization: auth },
      body: new ReadableStream({
        pull: (controller) => (chunks.length ? controller.enqueue(chunks.pop()) : controller.close()),
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(507);
    expect(streamed.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await streamed.json()) as { error: { key: string } }).error.key).toBe('storageFull');

    // The refused upload's cleanup gave its bytes back (as it should): full again before the next write.
    fill();
    const form = await browser.post('/', { content: beyondTheWal(), expiry: 'never' });
    expect(form.status).toBe(507);
    expect(form.headers.get('retry-after')).toMatch(/^\d+$/);

    const page = await browser.get('/paste/kept');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('stored before the disk filled');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Nothing of the refused upload stayed behind: no share, no object, no temp file.
    const files = await call('GET', '/files', { auth });
    expect(files.body.data.files).toEqual([]);
    const storage = path.join(mountPoint, 'storage');
    const leftovers = fs.readdirSync(storage, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(leftovers.map((e) => e.name)).toEqual([]);
    const spool = path.join(mountPoint, 'tmp');
    expect(fs.existsSync(spool) ? fs.readdirSync(spool) : []).toEqual([]);

    fs.rmSync(filler);
    expect((await call('POST', '/paste', { auth, body: { content: 'room again' } })).status).toBe(200);
    expect((await call('PUT', '/upload-direct/small.txt', { auth, raw: 'fits' })).status).toBe(200);
  });
});
