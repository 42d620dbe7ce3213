import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileVerifierFor, openDownload, openFileEnvelope, sealFile, type SealedFile } from '~/lib/e2e/file';
import { adminAuth, apiClient } from '../support/api-client';
import { withServerDb } from '../support/server-db';
import { startServer, type RunningServer } from '../support/server';
import { putTo } from '../support/uploads';
import { readFileShare, sealFileShare, shareFile } from '../../scripts/e2e-crypt.mjs';

/**
 * End-to-end encrypted file shares through the real build (issue 31, docs/encryption.md "Files"):
 * the object holds sealed records, the row the header and the sealed name, and the download
 * answers the two as the format's bytes, which open to the file. The sealing is app/lib/e2e/file.ts,
 * the page's own code, run here on Node's Web Crypto.
 */
describe('encrypted file shares', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const MARKER = 'plaintext-marker-5b1d07';
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;
  const plainOf = (size: number) => {
    const bytes = Buffer.alloc(size, `${MARKER} `);
    return new Uint8Array(bytes);
  };
  const bytesOf = async (sealed: SealedFile) =>
    new Uint8Array(await (await sealed.source.slice(0, sealed.source.size)).arrayBuffer());
  const open = async (envelope: string, secret: string, body: Uint8Array, password?: string) => {
    const { keys, metadata } = await openFileEnvelope(envelope, secret, password);
    const parts: Uint8Array[] = [];
    const once = async function* () {
      yield body;
    };
    for await (const record of openDownload(keys, once())) parts.push(record);
    return { metadata, bytes: Buffer.concat(parts) };
  };

  beforeAll(async () => {
    server = await startServer({ env: { PASSWORD_RATE_LIMIT: '1000/60' } });
    admin = await adminAuth(call);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps only ciphertext; the download opens to the file, its name and type', async () => {
    const plain = plainOf(200_000);
    const metadata = { name: `${MARKER}.txt`, type: 'text/plain', remark: `remark ${MARKER}` };
    const sealed = await sealFile(new Blob([plain]), metadata);
    const slug = unique('sealed-file');
    const presigned = await call('POST', '/s3/presign', {
      auth: admin,
      body: { filename: 'ignored.bin', size: sealed.source.size, slug, envelope: sealed.envelope },
    });
    expect(presigned.status, presigned.text).toBe(200);
    expect((await putTo(presigned.body.data.upload_url, await bytesOf(sealed))).status).toBe(200);
    const committed = await call('POST', '/s3/commit', { auth: admin, body: { file_id: presigned.body.data.file_id } });
    expect(committed.status, committed.text).toBe(200);

    const [row] = await withServerDb(server, (db) =>
      db.all<Record<string, unknown>>('SELECT * FROM files WHERE slug = ?', slug),
    );
    expect(row).toMatchObject({ envelope: sealed.envelope, filename: 'encrypted.cce', remark: null });
    expect(row!.mimetype).toBe('application/octet-stream');
    expect(JSON.stringify(row)).not.toContain(MARKER);
    // The object on disk is the records: the marker fills the plaintext, and none of it is there.
    const object = fs.readFileSync(path.join(server.dataDir, 'storage', String(row!.storage_path)));
    expect(object.length).toBe(sealed.source.size);
    expect(object.includes(Buffer.from(MARKER))).toBe(false);

    const info = await call('GET', `/public/files/${slug}`);
    expect(info.body.data).toMatchObject({ encrypted: true, envelope: sealed.envelope, filename: 'encrypted.cce' });
    const download = await fetch(`${server.url}/api/file-download/${slug}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    const body = new Uint8Array(await download.arrayBuffer());
    expect(body.length).toBe(29 + sealed.source.size);
    const opened = await open(info.body.data.envelope, sealed.secret, body);
    expect(opened.metadata).toEqual(metadata);
    expect(opened.bytes.equals(Buffer.from(plain))).toBe(true);
    // A range is of the format's bytes: across the header and into the records.
    const ranged = await fetch(`${server.url}/api/file-download/${slug}`, { headers: { Range: 'bytes=20-99' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(body.subarray(20, 100)))).toBe(true);
  });

  it('takes a password as a verifier, which the server checks; the content needs both', async () => {
    const plain = plainOf(1000);
    const password = 'correct horse';
    const sealed = await sealFile(new Blob([plain]), { name: 'a.txt', type: 'text/plain', remark: null }, password);
    const slug = unique('sealed-pw');
    const presigned = await call('POST', '/s3/presign', {
      auth: admin,
      body: { filename: 'x', size: sealed.source.size, slug, envelope: sealed.envelope, password: sealed.verifier },
    });
    expect(presigned.status, presigned.text).toBe(200);
    await putTo(presigned.body.data.upload_url, await bytesOf(sealed));
    expect(
      (await call('POST', '/s3/commit', { auth: admin, body: { file_id: presigned.body.data.file_id } })).status,
    ).toBe(200);
    const [row] = await withServerDb(server, (db) =>
      db.all<Record<string, unknown>>('SELECT password_enc FROM files WHERE slug = ?', slug),
    );
    expect(row).toEqual({ password_enc: null });
    expect((await fetch(`${server.url}/api/file-download/${slug}`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/file-download/${slug}?password=${encodeURIComponent(password)}`)).status,
    ).toBe(403);
    const verifier = await fileVerifierFor(sealed.envelope, sealed.secret, password);
    const download = await fetch(`${server.url}/api/file-download/${slug}?password=${verifier}`);
    expect(download.status).toBe(200);
    const body = new Uint8Array(await download.arrayBuffer());
    expect((await open(sealed.envelope, sealed.secret, body, password)).bytes.equals(Buffer.from(plain))).toBe(true);
    await expect(open(sealed.envelope, sealed.secret, body)).rejects.toThrow();

    // Sealed with the share: its password and remark cannot change.
    const id = presigned.body.data.file_id;
    const edit = await call('PUT', `/files/${id}`, { auth: admin, body: { password: 'new' } });
    expect(edit.status).toBe(400);
    expect(edit.body.error.key).toBe('encryptedNotEditable');
    expect((await call('PUT', `/files/${id}`, { auth: admin, body: { max_views: 5 } })).status).toBe(200);
  });

  it('refuses an envelope that does not fit the share, and plans parts of whole records', async () => {
    const sealed = await sealFile(new Blob([plainOf(100)]), { name: 'a', type: 'text/plain', remark: null }, 'pw');
    const presign = (body: Record<string, unknown>) =>
      call('POST', '/s3/presign', { auth: admin, body: { filename: 'x', size: sealed.source.size, ...body } });
    const key = async (body: Record<string, unknown>) => (await presign(body)).body.error?.key;
    expect(await key({ envelope: sealed.envelope })).toBe('envelopePassword');
    expect(await key({ envelope: 'not-an-envelope' })).toBe('envelopeInvalid');
    expect(await key({ envelope: sealed.envelope, password: sealed.verifier, size: 5 })).toBe('envelopeInvalid');
    expect(await key({ envelope: sealed.envelope, password: sealed.verifier, remark: 'plain' })).toBe(
      'encryptedRemark',
    );

    const big = await sealFile(new Blob([new Uint8Array(12 * 1024 * 1024)]), { name: 'b', type: 'x', remark: null });
    const init = await call('POST', '/s3/multipart/init', {
      auth: admin,
      body: { filename: 'x', size: big.source.size, envelope: big.envelope },
    });
    expect(init.status, init.text).toBe(200);
    // 80 records of 65,552 bytes: 5 MiB of plaintext a part, each part sealed on its own.
    expect(init.body.data).toMatchObject({ partSize: 80 * 65_552, partCount: 3, totalSize: big.source.size });
    const abort = { file_id: init.body.data.file_id, upload_id: init.body.data.upload_id };
    expect((await call('POST', '/s3/multipart/abort', { auth: admin, body: abort })).status).toBe(200);
  });

  it('agrees with the node:crypto script both ways, through the API', async () => {
    const plain = Buffer.from(`${MARKER} from the script\n`.repeat(5000));
    const link = await shareFile(server.url, admin, plain, { name: 'script.txt', type: 'text/plain', password: 'pw' });
    // What the script shared, the page's code opens.
    const slug = new URL(link).pathname.split('/').pop();
    const info = await call('GET', `/public/files/${slug}`);
    const secret = link.split('#')[1]!;
    const verifier = await fileVerifierFor(info.body.data.envelope, secret, 'pw');
    const body = new Uint8Array(
      await (await fetch(`${server.url}/api/file-download/${slug}?password=${verifier}`)).arrayBuffer(),
    );
    const opened = await open(info.body.data.envelope, secret, body, 'pw');
    expect(opened.metadata).toEqual({ name: 'script.txt', type: 'text/plain', remark: null });
    expect(opened.bytes.equals(plain)).toBe(true);

    // What the page's code sealed, the script reads from the link alone.
    const page = await sealFile(new Blob([plain]), { name: 'page.txt', type: 'text/plain', remark: 'r' });
    const made = unique('page-sealed');
    const presigned = await call('POST', '/s3/presign', {
      auth: admin,
      body: { filename: 'x', size: page.source.size, slug: made, envelope: page.envelope },
    });
    await putTo(presigned.body.data.upload_url, await bytesOf(page));
    await call('POST', '/s3/commit', { auth: admin, body: { file_id: presigned.body.data.file_id } });
    const read = await readFileShare(`${server.url}/file/${made}#${page.secret}`);
    expect(read).toMatchObject({ name: 'page.txt', type: 'text/plain', remark: 'r' });
    expect(read.bytes.equals(plain)).toBe(true);
    // The script's own envelope is what the server checks.
    expect(sealFileShare(plain, { name: 'a' }).envelope).toMatch(/^[\w-]{39}\.[\w-]+$/);
  });

  it('keeps its view limit exact under 20 readers at once, and expires', async () => {
    const sealed = await sealFile(new Blob([plainOf(5000)]), { name: 'n.txt', type: 'text/plain', remark: null });
    const share = async (extra: Record<string, unknown>) => {
      const slug = unique('sealed-rules');
      const presigned = await call('POST', '/s3/presign', {
        auth: admin,
        body: { filename: 'x', size: sealed.source.size, slug, envelope: sealed.envelope, ...extra },
      });
      await putTo(presigned.body.data.upload_url, await bytesOf(sealed));
      await call('POST', '/s3/commit', { auth: admin, body: { file_id: presigned.body.data.file_id } });
      return slug;
    };
    const limited = await share({ max_views: 3 });
    // Its info (and page) count nothing: a link cut before "#" spends no view (issue 42, item 4).
    const infos = await Promise.all(Array.from({ length: 5 }, () => call('GET', `/public/files/${limited}`)));
    expect(infos.map((r) => [r.status, r.body.data.views])).toEqual(Array.from({ length: 5 }, () => [200, 0]));
    // Its ciphertext, fetched by a page that opened the envelope with the key, counts.
    const readers = await Promise.all(Array.from({ length: 20 }, () => call('GET', `/file-download/${limited}`)));
    const statuses = readers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 404 || s === 410)).toBe(true);

    // 5 minutes, then moved into the past: gone as any share, envelope and all.
    const expiring = await share({ expires_in: 1 / 12 });
    expect((await call('GET', `/public/files/${expiring}`)).status).toBe(200);
    await withServerDb(server, (db) =>
      db.run('UPDATE files SET expires_at = ? WHERE slug = ?', Date.now() - 1000, expiring),
    );
    const gone = await call('GET', `/public/files/${expiring}`);
    expect([404, 410]).toContain(gone.status);
    expect(gone.text).not.toContain(sealed.envelope);
  });
});
