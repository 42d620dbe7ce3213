import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.server';
import { decrypt, encrypt, loadMasterKey } from './secrets.server';

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
  });
  it('rejects malformed stored hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$1$2$3$x', 'sha256$a$b$c$d$e', 'scrypt$0$8$1$AA$AA']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
  it('generates strong random passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
  });
});

describe('secrets at rest', () => {
  it('round-trips AES-GCM and detects tampering', () => {
    const key = loadMasterKey('test secret', os.tmpdir());
    const sealed = encrypt(key, 'hunter2 密码');
    expect(sealed).not.toContain('hunter2');
    expect(decrypt(key, sealed)).toBe('hunter2 密码');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decrypt(key, parts.join('.'))).toThrow();
    expect(() => decrypt(loadMasterKey('other secret', os.tmpdir()), sealed)).toThrow();
  });
  it('creates a key file once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-key-'));
    const first = loadMasterKey(undefined, dir);
    const second = loadMasterKey(undefined, dir);
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBe(32);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o077).toBe(0);
  });
});
