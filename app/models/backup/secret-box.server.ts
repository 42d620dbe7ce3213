import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '~/lib/errors';

/**
 * The app's secret key in a backup (docs/deploy.md "Backups"): sealed with a passphrase the admin
 * gives (BACKUP_PASSPHRASE for the commands), never in the clear. scrypt stretches the passphrase
 * (N = 2^15, r = 8, p = 1: about 0.1 s and 32 MiB), AES-256-GCM seals the key.
 */

const derive = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: object,
) => Promise<Buffer>;
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface SealedKey {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  sealed: string;
}

/** A passphrase too short to guard the key is refused before anything is written. */
export function assertPassphrase(passphrase: string | undefined): asserts passphrase is string {
  if (!passphrase || passphrase.length < 8) throw new AppError('invalid', 'backupPassphrase');
}

export async function sealKey(key: Buffer, passphrase: string): Promise<SealedKey> {
  assertPassphrase(passphrase);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await derive(passphrase.normalize('NFC'), salt, 32, PARAMS), iv);
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  const b64 = (b: Buffer) => b.toString('base64');
  return {
    kdf: 'scrypt',
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
    salt: b64(salt),
    iv: b64(iv),
    tag: b64(cipher.getAuthTag()),
    sealed: b64(sealed),
  };
}

/** The key, or 400 `backupPassphraseWrong` when the passphrase does not open it. */
export async function openKey(box: SealedKey, passphrase: string): Promise<Buffer> {
  assertPassphrase(passphrase);
  const bytes = (s: string) => Buffer.from(s, 'base64');
  const params = { N: box.N, r: box.r, p: box.p, maxmem: PARAMS.maxmem };
  const key = await derive(passphrase.normalize('NFC'), bytes(box.salt), 32, params);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes(box.iv));
    decipher.setAuthTag(bytes(box.tag));
    return Buffer.concat([decipher.update(bytes(box.sealed)), decipher.final()]);
  } catch {
    throw new AppError('invalid', 'backupPassphraseWrong');
  }
}
