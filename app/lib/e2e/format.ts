/**
 * The end-to-end encryption format, version 1 (docs/encryption.md; decision 0029): Web Crypto only,
 * so the same code runs in the page, the service worker and Node. The link's fragment holds a
 * 32-byte secret; keys come from it (and the password, when there is one) by HKDF-SHA-256 with the
 * share's random salt; content is cut in 64 KiB records, each sealed with AES-256-GCM under a nonce
 * of its index and a final-record flag, with the header as associated data, so a record that is
 * changed, moved, dropped or added after the last one fails to open.
 */

/** Bytes on an ArrayBuffer of their own kind, as Web Crypto takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;

export const FORMAT_VERSION = 1;
/** Plaintext bytes in every record but the last. */
export const RECORD_SIZE = 64 * 1024;
/** AES-GCM's tag, added to each record. */
export const TAG_SIZE = 16;
export const SECRET_SIZE = 32;
const SALT_SIZE = 16;
/** PBKDF2-SHA-256 iterations for a password (OWASP's 2023 figure), recorded in the header. */
export const PASSWORD_ITERATIONS = 600_000;
/** "CCE" and the version byte, a flags byte, the salt, the iteration count, the record size. */
export const HEADER_SIZE = 4 + 1 + SALT_SIZE + 4 + 4;
const MAGIC = [0x43, 0x43, 0x45, FORMAT_VERSION];
const FLAG_PASSWORD = 1;

/** Why content did not open: the link's key (or the password) is wrong, or the bytes are not whole. */
export class E2eError extends Error {
  constructor(
    readonly reason: 'badKey' | 'badFormat' | 'truncated' | 'corrupt',
    message: string,
  ) {
    super(message);
    this.name = 'E2eError';
  }
}

export interface Header {
  hasPassword: boolean;
  salt: Bytes;
  iterations: number;
  recordSize: number;
  /** The header's own bytes: every record's associated data. */
  bytes: Bytes;
}

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();
const text = (label: string) => utf8.encode(`cloudclip e2e v1 ${label}`);

export function randomBytes(size: number): Bytes {
  return globalThis.crypto.getRandomValues(new Uint8Array(size));
}

/** base64url without padding (the fragment's alphabet). */
export function toBase64Url(bytes: Bytes): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(value: string): Bytes {
  if (!/^[\w-]*$/.test(value)) throw new E2eError('badFormat', 'not base64url');
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The secret a link's fragment carries; anything else is an incomplete link. */
export function secretFromFragment(fragment: string): Bytes {
  const value = fragment.replace(/^#/, '');
  const secret = /^[\w-]{43}$/.test(value) ? fromBase64Url(value) : null;
  if (!secret || secret.length !== SECRET_SIZE) throw new E2eError('badKey', 'the link is incomplete');
  return secret;
}

export function newHeader(hasPassword: boolean): Header {
  const bytes = new Uint8Array(HEADER_SIZE);
  bytes.set(MAGIC, 0);
  bytes[4] = hasPassword ? FLAG_PASSWORD : 0;
  const salt = randomBytes(SALT_SIZE);
  bytes.set(salt, 5);
  const view = new DataView(bytes.buffer);
  view.setUint32(5 + SALT_SIZE, hasPassword ? PASSWORD_ITERATIONS : 0);
  view.setUint32(9 + SALT_SIZE, RECORD_SIZE);
  return { hasPassword, salt, iterations: hasPassword ? PASSWORD_ITERATIONS : 0, recordSize: RECORD_SIZE, bytes };
}

export function readHeader(input: Uint8Array): Header {
  if (input.length < HEADER_SIZE || MAGIC.some((b, i) => input[i] !== b))
    throw new E2eError('badFormat', 'not Cloudclip encrypted content (or another version)');
  const bytes = input.slice(0, HEADER_SIZE);
  const view = new DataView(bytes.buffer);
  const flags = bytes[4]!;
  const iterations = view.getUint32(5 + SALT_SIZE);
  const recordSize = view.getUint32(9 + SALT_SIZE);
  if (
    flags & ~FLAG_PASSWORD ||
    recordSize !== RECORD_SIZE ||
    (flags & FLAG_PASSWORD ? iterations < 1 : iterations !== 0)
  )
    throw new E2eError('badFormat', 'an unknown header');
  return {
    hasPassword: (flags & FLAG_PASSWORD) !== 0,
    salt: bytes.slice(5, 5 + SALT_SIZE),
    iterations,
    recordSize,
    bytes,
  };
}

async function hkdf(ikm: Bytes, salt: Bytes, info: Bytes, length: number): Promise<Bytes> {
  const key = await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await subtle().deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** The password stretched (PBKDF2-SHA-256), salted by the link's secret: needs both. */
async function passwordKey(secret: Bytes, password: string, iterations: number): Promise<Bytes> {
  const salt = await hkdf(secret, new Uint8Array(0), text('password salt'), SALT_SIZE);
  const key = await subtle().importKey('raw', utf8.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256));
}

/**
 * What the server is given instead of the password: it checks this as it checks any share password
 * (hashed, rate-limited), and it cannot be turned back into the password or the key.
 */
export async function passwordVerifier(secret: Bytes, password: string, iterations = PASSWORD_ITERATIONS) {
  const stretched = await passwordKey(secret, password, iterations);
  return toBase64Url(await hkdf(stretched, new Uint8Array(0), text('password verifier'), 32));
}

export interface Keys {
  header: Header;
  content: CryptoKey;
  metadata: CryptoKey;
}

/** The content and metadata keys of one share, from its link's secret (and its password). */
export async function deriveKeys(header: Header, secret: Bytes, password?: string): Promise<Keys> {
  if (header.hasPassword && password === undefined) throw new E2eError('badKey', 'a password is needed');
  let ikm = secret;
  if (header.hasPassword) {
    const stretched = await passwordKey(secret, password!, header.iterations);
    ikm = new Uint8Array(SECRET_SIZE * 2);
    ikm.set(secret);
    ikm.set(stretched, SECRET_SIZE);
  }
  const aes = async (label: string) =>
    subtle().importKey('raw', await hkdf(ikm, header.salt, text(label), 32), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { header, content: await aes('content'), metadata: await aes('metadata') };
}

/** Record `index`'s nonce: 7 zero bytes, the index (big-endian), and 1 for the last record. */
function nonce(index: number, last: boolean): Bytes {
  const iv = new Uint8Array(12);
  new DataView(iv.buffer).setUint32(7, index);
  iv[11] = last ? 1 : 0;
  return iv;
}

export async function sealRecord(keys: Keys, index: number, plain: Bytes, last: boolean): Promise<Bytes> {
  if (plain.length > RECORD_SIZE || (!last && plain.length !== RECORD_SIZE))
    throw new RangeError('a record holds RECORD_SIZE bytes, the last one at most that');
  const params = { name: 'AES-GCM', iv: nonce(index, last), additionalData: keys.header.bytes };
  return new Uint8Array(await subtle().encrypt(params, keys.content, plain));
}

export async function openRecord(keys: Keys, index: number, sealed: Bytes, last: boolean): Promise<Bytes> {
  try {
    const params = { name: 'AES-GCM', iv: nonce(index, last), additionalData: keys.header.bytes };
    return new Uint8Array(await subtle().decrypt(params, keys.content, sealed));
  } catch {
    // The first record failing is a wrong key (or password); a later one, damaged content.
    throw index === 0
      ? new E2eError('badKey', 'the key or the password is wrong')
      : new E2eError('corrupt', `record ${index} is damaged`);
  }
}

/** Bytes of ciphertext (header included) for `size` bytes of plaintext. */
export function sealedSize(size: number): number {
  const records = Math.max(1, Math.ceil(size / RECORD_SIZE));
  return HEADER_SIZE + size + records * TAG_SIZE;
}

/** Bytes of plaintext in `sealed` bytes of ciphertext (header included); null when no size fits. */
export function plainSize(sealed: number): number | null {
  const body = sealed - HEADER_SIZE;
  const full = RECORD_SIZE + TAG_SIZE;
  if (body < TAG_SIZE) return null;
  const records = Math.ceil(body / full);
  const size = body - records * TAG_SIZE;
  return size >= 0 && sealedSize(size) === sealed ? size : null;
}

/** Sealed metadata (a file's name and type, a paste's remark and format): one AES-GCM message. */
export async function sealMetadata(keys: Keys, value: unknown): Promise<string> {
  const iv = randomBytes(12);
  const params = { name: 'AES-GCM', iv, additionalData: keys.header.bytes };
  const sealed = new Uint8Array(await subtle().encrypt(params, keys.metadata, utf8.encode(JSON.stringify(value))));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

export async function openMetadata<T>(keys: Keys, sealed: string): Promise<T> {
  const bytes = fromBase64Url(sealed);
  try {
    const params = { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: keys.header.bytes };
    const plain = await subtle().decrypt(params, keys.metadata, bytes.subarray(12));
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    throw new E2eError('badKey', 'the key or the password is wrong');
  }
}
