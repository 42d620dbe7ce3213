import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/** File permissions bind only other users: as root, the case runs the server as `nobody`. */
const NOBODY = { uid: 65534, gid: 65534 };
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('reliability: the read-only database case needs root to run the server as another user');

describe.skipIf(!isRoot)('reliability: a database file that cannot be written', () => {
  let dataDir = '';
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with a message that says why, and starts once the file is writable again', async () => {
    const first = await startServer({ keepData: true });
    dataDir = first.dataDir;
    await first.stop();
    for (const entry of ['', ...fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' })])
      fs.chownSync(path.join(dataDir, entry), NOBODY.uid, NOBODY.gid);
    const db = path.join(dataDir, 'cloudclip.db');

    fs.chmodSync(db, 0o444);
    await expect(startServer({ dataDir, user: NOBODY, timeoutMs: 15_000 })).rejects.toThrow(
      /database .*cloudclip\.db cannot be written \(SQLITE_READONLY/,
    );

    // SQLite made its -wal and -shm files as read-only as the database: they need the same fix.
    for (const file of [db, `${db}-wal`, `${db}-shm`]) fs.chmodSync(file, 0o644);
    const again = await startServer({ dataDir, user: NOBODY });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.stop();
  });
});
