import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import * as cli from '../../../scripts/e2e-crypt.mjs';
import {
  deriveKeys,
  openMetadata,
  passwordVerifier,
  randomBytes,
  readHeader,
  sealMetadata,
  toBase64Url,
} from './format';
import { newKeys, openStream, sealStream } from './stream';

/**
 * The format written twice agrees (docs/encryption.md): what the page's code (Web Crypto) seals, the
 * node:crypto script opens, and the other way round — content, metadata, password verifiers.
 */
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-e2e-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const plain = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 13) & 0xff));

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}
const once = async function* (bytes: Uint8Array) {
  yield bytes;
};

describe('e2e format interop', () => {
  it('the script opens what the page seals, with and without a password', async () => {
    const secret = randomBytes(32);
    const key = `#${toBase64Url(secret)}`;
    for (const password of [undefined, 'pässword']) {
      const keys = await newKeys(secret, password);
      const sealed = await collect(sealStream(keys, once(plain)));
      expect(cli.decrypt(sealed, key, { password }).equals(plain)).toBe(true);
      const meta = await sealMetadata(keys, { name: 'a.bin', type: 'application/octet-stream' });
      expect(cli.openMetadata(meta, sealed, key, { password })).toEqual({
        name: 'a.bin',
        type: 'application/octet-stream',
      });
    }
    expect(cli.passwordVerifier(Buffer.from(secret), 'pässword')).toBe(await passwordVerifier(secret, 'pässword'));
  });

  it('the page opens what the script seals', async () => {
    const { sealed, key } = cli.encrypt(plain, { password: 'pw' });
    const secret = Buffer.from(key, 'base64url');
    expect(await collect(openStream(once(sealed), secret, 'pw'))).toEqual(plain);
    const meta = cli.sealMetadata({ remark: 'hi', markdown: true }, sealed, key, { password: 'pw' });
    const keys = await deriveKeys(readHeader(sealed), secret, 'pw');
    expect(await openMetadata(keys, meta)).toEqual({ remark: 'hi', markdown: true });
  });

  it('as a command: encrypt prints the key, decrypt gives the file back, a wrong key fails', async () => {
    const input = path.join(work, 'in.bin');
    fs.writeFileSync(input, plain);
    const script = path.resolve('scripts/e2e-crypt.mjs');
    const { stdout } = await run(process.execPath, [script, 'encrypt', input, path.join(work, 'sealed')]);
    const key = stdout.trim();
    expect(key).toMatch(/^#[\w-]{43}$/);
    await run(process.execPath, [script, 'decrypt', path.join(work, 'sealed'), path.join(work, 'out'), '--key', key]);
    expect(fs.readFileSync(path.join(work, 'out')).equals(plain)).toBe(true);
    const wrong = `#${toBase64Url(randomBytes(32))}`;
    const failed = run(process.execPath, [
      script,
      'decrypt',
      path.join(work, 'sealed'),
      path.join(work, 'x'),
      '--key',
      wrong,
    ]);
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the key or the password is wrong'),
    });
  });
});
