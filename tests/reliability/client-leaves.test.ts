import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

const DECLARED = 40_000;
const SENT = 1_000;
const FILE = 1 | 2 | 256 | 512 | 65536 | 131072; // text, files, mount view and upload, WebDAV
const BOUNDARY = '----cloudclipleaves';

/** The head of a multipart body: its fields, then the file's part header (its bytes follow). */
function multipartHead(fields: Record<string, string>, filename = 'left.bin'): string {
  let head = '';
  for (const [name, value] of Object.entries(fields))
    head += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
}

/**
 * Issue 42, item 2: a client that leaves in the middle of its body. Every door that reads a body
 * frees, within a second, what the upload held: the place of an upload request, the key's quota
 * charge, the spool and temp files and their descriptors. Before the fix the body was piped after
 * several awaits, when Node had already destroyed the request: nothing answered, and the places,
 * charges and files stayed until the sweeper, hours later.
 */
describe('reliability: a client that leaves mid-body', () => {
  let server: RunningServer;
  let admin: string;
  let key: string;
  let cookie: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);

  /** Sends the head and `SENT` bytes of a `DECLARED`-byte body, waits for the server to take it, then leaves. */
  let waitBeforeLeaving = 0;
  async function leave(method: string, target: string, headers: Record<string, string>, prefix = '') {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const lines = Object.entries({ Host: url.host, 'Content-Length': String(DECLARED), ...headers });
    socket.write(`${method} ${target} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    socket.write(prefix + 'x'.repeat(SENT));
    // At once (while the door still awaits its checks), or once it waits for the bytes.
    await new Promise((resolve) => setTimeout(resolve, waitBeforeLeaving));
    socket.destroy();
  }

  /** What the server holds for uploads: spool files, temp files, and descriptors open on them. */
  function held() {
    const names = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const spool = names(path.join(server.dataDir, 'tmp')).filter((n) => n.startsWith('cloudclip-upload-'));
    const temp = names(path.join(server.dataDir, 'storage', '.cloudclip-tmp'));
    const descriptors = names(`/proc/${server.pid}/fd`)
      .map((fd) => {
        try {
          return fs.readlinkSync(`/proc/${server.pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target.includes('cloudclip-upload-') || target.includes('.cloudclip-tmp'));
    return { spool, temp, descriptors };
  }
  const dayBytes = async () =>
    (await call('GET', '/admin/api-keys', { auth: admin })).body.data.find((k: { name: string }) => k.name === 'leaver')
      .usage.day_bytes as number;

  /** Within a second of leaving, nothing is held and the key's day is as it was — and stays so. */
  async function expectFreed(before: number) {
    const started = Date.now();
    let now = held();
    let bytes = await dayBytes();
    while (
      Date.now() - started < 1000 &&
      (now.spool.length + now.temp.length + now.descriptors.length > 0 || bytes !== before)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = held();
      bytes = await dayBytes();
    }
    expect(now).toEqual({ spool: [], temp: [], descriptors: [] });
    expect(bytes).toBe(before);
    // And it stays so: a door still at its checks when the client left must not reserve later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(held()).toEqual({ spool: [], temp: [], descriptors: [] });
    expect(await dayBytes()).toBe(before);
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    await mountLocal(call, admin);
    expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/local/inbox' } })).status).toBe(200);
    await page.login();
    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'leaver', permissions: FILE, expires_at: 'never', basic_path: '/', quota_day_bytes: 10_000_000 },
    });
    expect(made.status, made.text).toBe(200);
    key = made.body.data.key;
    cookie = page.cookie();
  });
  afterAll(() => server?.stop());

  const request = async (title: string) => {
    const made = await call('POST', '/upload-requests', {
      auth: `ApiKey ${key}`,
      body: { title, folder: '/local/inbox', max_files: 1 },
    });
    expect(made.status, made.text).toBe(200);
    return made.body.data.slug as string;
  };
  /** The request's one place is free again: a whole file is taken. */
  const placeFree = async (slug: string) =>
    expect((await call('PUT', `/public/upload-requests/${slug}/files/whole.txt`, { raw: 'whole' })).status).toBe(200);

  /** What a door reserved before its body was sent (a presign), and keeps after the client left. */
  let reservedBefore = 0;
  const doors: [string, () => Promise<(() => Promise<void>) | void>][] = [
    [
      'PUT to an upload request',
      async () => {
        const slug = await request('api put');
        await leave('PUT', `/api/public/upload-requests/${slug}/files/left.bin`, {});
        return () => placeFree(slug);
      },
    ],
    [
      'curl -T to an upload request',
      async () => {
        const slug = await request('curl');
        await leave('PUT', `/r/${slug}/left.bin`, {});
        return () => placeFree(slug);
      },
    ],
    [
      "the upload request page's form",
      async () => {
        const slug = await request('form');
        await leave(
          'POST',
          `/r/${slug}`,
          { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, Origin: server.url },
          multipartHead({ intent: 'send' }),
        );
        return () => placeFree(slug);
      },
    ],
    [
      'WebDAV PUT',
      () =>
        leave('PUT', '/dav/local/left.bin', {
          Authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`,
        }),
    ],
    ['PUT /api/upload-direct', () => leave('PUT', '/api/upload-direct/left.bin', { Authorization: `ApiKey ${key}` })],
    [
      'POST /api/upload',
      () =>
        leave(
          'POST',
          '/api/upload',
          { Authorization: `ApiKey ${key}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          multipartHead({}),
        ),
    ],
    [
      'POST /api/fs/upload',
      () =>
        leave(
          'POST',
          '/api/fs/upload',
          { Authorization: `ApiKey ${key}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          multipartHead({ path: '/local/' }),
        ),
    ],
    [
      "the upload page's form",
      () =>
        leave(
          'POST',
          '/upload',
          { Cookie: cookie, Origin: server.url, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          multipartHead({ fields_first: '1', intent: 'upload' }),
        ),
    ],
    [
      "the explorer's upload form",
      () =>
        leave(
          'POST',
          '/mount-explorer/local',
          { Cookie: cookie, Origin: server.url, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          multipartHead({ intent: 'upload' }),
        ),
    ],
    [
      'a signed local PUT (explorer upload)',
      async () => {
        const signed = await call('POST', '/fs/presign', {
          auth: `ApiKey ${key}`,
          body: { path: '/local/', fileName: 'signed.bin', fileSize: DECLARED },
        });
        expect(signed.status, signed.text).toBe(200);
        // The presign reserved its declared size (issue 42, item 9): the reservation is the URL's, not
        // the PUT's — a PUT may be tried again while the URL lives, and what nobody commits is reaped
        // with its reservation (app/models/fs/replace.test.ts). The PUT itself holds nothing more.
        reservedBefore = DECLARED;
        const url = new URL(signed.body.data.presignedUrl, server.url);
        await leave('PUT', url.pathname + url.search, {});
      },
    ],
  ];

  const cases = doors.flatMap(([name, act]) => [
    [`${name}, at once`, 0, act] as const,
    [`${name}, once the bytes flow`, 300, act] as const,
  ]);
  it.each(cases)('%s: place, charge, files and descriptors are freed within a second', async (_name, wait, act) => {
    waitBeforeLeaving = wait;
    reservedBefore = 0;
    const before = await dayBytes();
    const after = await act();
    await expectFreed(before + reservedBefore);
    await after?.();
  });
});
