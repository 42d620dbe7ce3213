import http from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Sha256 } from '~/auth/sigv4.server';
import { MOUNT_PERMISSIONS, Permission } from '~/lib/permissions';
import { HOSTILE_PATHS } from '../support/hostile-paths';
import { mountLocal } from '../support/local-mount';
import { s3Key, startWithS3Door, type S3DoorServer, type S3Key } from '../support/s3-door';
import { recordCase } from './cases';

afterEach(recordCase);

/**
 * Issue 45: one table of hostile paths (tests/support/hostile-paths.ts) against every door that
 * takes a path — /api/fs, WebDAV, the S3 door and tus — for a key whose base path is /local/shared.
 * Every door must give the same answer: the good path is allowed everywhere, and each hostile
 * spelling (and the base path's prefix sibling /local/sharedx) is refused everywhere with a 4xx,
 * never a 500 and never a byte of what lies outside (CVE-2026-30914's class: one door normalising
 * a path the gate never saw).
 */
type Door = (path: string) => Promise<{ status: number; body: string }>;

describe('reliability: the same hostile paths on every door', () => {
  let door: S3DoorServer;
  let s3: S3Key;
  let doors: Record<string, Door>;
  /** The doors that take a path as a value (JSON, tus metadata), not in the address. */
  let writes: Record<string, Door>;

  /** A request with its path exactly as given (fetch and new URL would resolve dots). */
  const raw = (base: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(base);
      const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
      request.end(body);
    });

  beforeAll(async () => {
    door = await startWithS3Door();
    await mountLocal(door.call, door.auth);
    for (const [path, content] of [
      ['/local/shared/inside.txt', 'inside the base path'],
      ['/local/sharedx/secret.txt', 'outside the base path'],
    ])
      expect((await door.call('POST', '/fs/update', { auth: door.auth, body: { path, content } })).status).toBe(200);
    s3 = await s3Key(
      door,
      'hostile',
      MOUNT_PERMISSIONS | Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE,
      '/local/shared',
    );
    const signer = new SignatureV4({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      region: 'us-east-1',
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    });
    const host = new URL(door.endpoint).host;
    const basic = `Basic ${Buffer.from(`${s3.key}:${s3.key}`).toString('base64')}`;
    const meta = (v: string) => Buffer.from(v).toString('base64');
    writes = {
      // The same folder and name as tus gets: a folder written with a trailing "/" is the folder.
      'api/fs': (path) => {
        const slash = path.lastIndexOf('/');
        const target = `${path.slice(0, slash).replace(/\/$/, '')}/${path.slice(slash + 1)}`;
        return raw(
          door.server.url,
          'POST',
          '/api/fs/update',
          { Authorization: `ApiKey ${s3.key}`, 'Content-Type': 'application/json' },
          JSON.stringify({ path: target, content: 'x' }),
        );
      },
      // tus takes the folder and the name in its metadata: the name is the path's last segment.
      tus: (path) => {
        const slash = path.lastIndexOf('/');
        return raw(door.server.url, 'POST', '/api/tus/', {
          Authorization: `ApiKey ${s3.key}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '1',
          'Upload-Metadata': `filename ${meta(path.slice(slash + 1))},path ${meta(path.slice(0, slash) || '/')}`,
        });
      },
    };
    doors = {
      'api/fs': (path) =>
        raw(door.server.url, 'GET', `/api/fs/download?path=${path}`, { Authorization: `ApiKey ${s3.key}` }),
      webdav: (path) => raw(door.server.url, 'GET', `/dav${path}`, { Authorization: basic }),
      s3: async (path) => {
        const signed = await signer.sign({
          method: 'GET',
          protocol: 'http:',
          hostname: host,
          path,
          headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
          query: {},
        });
        return raw(door.endpoint, 'GET', path, signed.headers as Record<string, string>);
      },
    };
  });
  afterAll(() => door?.server.stop());

  it('allows the good path on every door, and refuses the prefix sibling outside the base path', async () => {
    for (const [name, reach] of Object.entries(doors)) {
      const good = await reach('/local/shared/inside.txt');
      expect([name, good.status, good.body]).toEqual([name, 200, 'inside the base path']);
      const sibling = await reach('/local/sharedx/secret.txt');
      expect([name, sibling.status >= 400 && sibling.status < 500]).toEqual([name, true]);
      expect(sibling.body).not.toContain('outside the base path');
    }
    for (const [name, reach] of Object.entries(writes)) {
      expect([name, (await reach('/local/shared/written.txt')).status]).toEqual([name, name === 'tus' ? 201 : 200]);
      expect([name, (await reach('/local/sharedx/written.txt')).status]).toEqual([name, 403]);
    }
  });

  it(`refuses ${HOSTILE_PATHS.length} hostile spellings with a 4xx on every door that reads a path from its address`, async () => {
    const wrong: string[] = [];
    for (const spelling of HOSTILE_PATHS) {
      const path = `/local/shared${spelling.startsWith('/') ? '' : '/'}${spelling}`;
      for (const [name, reach] of Object.entries(doors)) {
        const answer = await reach(path);
        if (answer.body.includes('outside the base path')) wrong.push(`${name} ${spelling}: leaked`);
        if (answer.status < 400 || answer.status >= 500) wrong.push(`${name} ${spelling}: ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
    const last = await fetch(`${door.server.url}/api/health`);
    expect(await door.server.logThrough(last.headers.get('x-request-id'))).not.toMatch(/Unexpected error|Unhandled/);
  });

  it('gives the same allow or deny to each spelling, decoded, on the doors that take a path as a value', async () => {
    const decisions: string[] = [];
    const differ: string[] = [];
    for (const spelling of HOSTILE_PATHS) {
      let decoded = spelling;
      try {
        decoded = decodeURIComponent(spelling);
      } catch {
        // Not a URL here: the spelling is the name itself ("%zz" is a name like any other).
      }
      const path = `/local/shared${decoded.startsWith('/') ? '' : '/'}${decoded}`;
      const answers = await Promise.all(Object.values(writes).map((reach) => reach(path)));
      const allowed = answers.map((a) => a.status < 300);
      for (const a of answers) if (a.status >= 500) differ.push(`${spelling}: ${a.status}`);
      if (allowed.some((v) => v !== allowed[0]))
        differ.push(`${spelling}: ${answers.map((a) => a.status).join(' vs ')}`);
      decisions.push(`${allowed[0] ? 'allowed' : 'refused'} ${JSON.stringify(decoded).slice(0, 40)}`);
    }
    expect(differ).toEqual([]);
    // The dot segments, control characters and the app's own names are refused by both.
    expect(decisions).toContain('refused "/../x"');
    expect(decisions).toContain('refused "/.cloudclip-shares"');
    expect(decisions).toContain('refused "/a\\u0000b"');
  });
});
