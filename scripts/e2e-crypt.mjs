// Cloudclip's end-to-end encryption format (docs/encryption.md), written again with node:crypto
// alone: proof that the format is what the document says, and a way for scripts to read and write
// encrypted content without a browser.
//
//   node scripts/e2e-crypt.mjs encrypt <file> <out> [--password <p>]   prints the link's key (#…)
//   node scripts/e2e-crypt.mjs decrypt <file> <out> --key <#…> [--password <p>]
//   node scripts/e2e-crypt.mjs paste <file> --server <https://host> --key <API key> (or --token <admin token>)
//        [--password <p>] [--remark <r>] [--max-views <n>] [--slug <s>]   prints the paste's whole link
//   node scripts/e2e-crypt.mjs file <file> --server <https://host> --key <API key> (or --token <admin token>)
//        [--password <p>] [--remark <r>] [--max-views <n>] [--slug <s>]   prints the file share's whole link
//   node scripts/e2e-crypt.mjs open <link> [--password <p>] [--out <file>]   prints an encrypted paste's
//        text, or saves an encrypted file (under its own name, or --out)
//
// `paste`, `file` and `open` speak the JSON API (/api-docs): what a server answers is ciphertext only.
// `file` holds the file in memory; the upload page sends any size in parts.
//
// The same functions are imported by the tests (app/lib/e2e/interop.test.ts).
import { createCipheriv, createDecipheriv, hkdfSync, pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const RECORD_SIZE = 64 * 1024;
const TAG_SIZE = 16;
const SALT_SIZE = 16;
const HEADER_SIZE = 29;
const ITERATIONS = 600_000;
const label = (name) => Buffer.from(`cloudclip e2e v1 ${name}`);
const hkdf = (ikm, salt, name, length) => Buffer.from(hkdfSync('sha256', ikm, salt, label(name), length));

/** The 32-byte secret of a link's fragment ("#…", or the whole link). */
export function secretOf(linkOrFragment) {
  const fragment = String(linkOrFragment).split('#').pop();
  const secret = Buffer.from(fragment, 'base64url');
  if (!/^[\w-]{43}$/.test(fragment) || secret.length !== 32) throw new Error('the link is incomplete');
  return secret;
}

function header(hasPassword) {
  const bytes = Buffer.alloc(HEADER_SIZE);
  bytes.write('CCE', 0, 'latin1');
  bytes[3] = 1;
  bytes[4] = hasPassword ? 1 : 0;
  randomBytes(SALT_SIZE).copy(bytes, 5);
  bytes.writeUInt32BE(hasPassword ? ITERATIONS : 0, 21);
  bytes.writeUInt32BE(RECORD_SIZE, 25);
  return bytes;
}

function readHeader(bytes) {
  if (bytes.length < HEADER_SIZE || bytes.toString('latin1', 0, 3) !== 'CCE' || bytes[3] !== 1)
    throw new Error('not Cloudclip encrypted content (or another version)');
  if (bytes.readUInt32BE(25) !== RECORD_SIZE) throw new Error('an unknown record size');
  return {
    bytes: bytes.subarray(0, HEADER_SIZE),
    hasPassword: (bytes[4] & 1) === 1,
    salt: bytes.subarray(5, 5 + SALT_SIZE),
    iterations: bytes.readUInt32BE(21),
  };
}

function passwordKey(secret, password, iterations) {
  const salt = hkdf(secret, Buffer.alloc(0), 'password salt', SALT_SIZE);
  return pbkdf2Sync(Buffer.from(password.normalize('NFC')), salt, iterations, 32, 'sha256');
}

/** What the server is given instead of the password. */
export function passwordVerifier(secret, password) {
  return hkdf(passwordKey(secret, password, ITERATIONS), Buffer.alloc(0), 'password verifier', 32).toString(
    'base64url',
  );
}

function keysOf(head, secret, password) {
  if (head.hasPassword && password === undefined) throw new Error('a password is needed');
  const ikm = head.hasPassword ? Buffer.concat([secret, passwordKey(secret, password, head.iterations)]) : secret;
  return { content: hkdf(ikm, head.salt, 'content', 32), metadata: hkdf(ikm, head.salt, 'metadata', 32) };
}

function nonce(index, last) {
  const iv = Buffer.alloc(12);
  iv.writeUInt32BE(index, 7);
  iv[11] = last ? 1 : 0;
  return iv;
}

/** `plain` (a Buffer) sealed: header and records. Answers the bytes and the link's key. */
export function encrypt(plain, { password, secret = randomBytes(32) } = {}) {
  const head = header(password !== undefined);
  const keys = keysOf(readHeader(head), secret, password);
  const out = [head];
  const records = Math.max(1, Math.ceil(plain.length / RECORD_SIZE));
  for (let i = 0; i < records; i++) {
    const cipher = createCipheriv('aes-256-gcm', keys.content, nonce(i, i === records - 1));
    cipher.setAAD(head);
    out.push(
      cipher.update(plain.subarray(i * RECORD_SIZE, (i + 1) * RECORD_SIZE)),
      cipher.final(),
      cipher.getAuthTag(),
    );
  }
  return { sealed: Buffer.concat(out), key: secret.toString('base64url') };
}

function openRecord(keys, head, index, record, last) {
  const decipher = createDecipheriv('aes-256-gcm', keys.content, nonce(index, last));
  decipher.setAAD(head.bytes);
  decipher.setAuthTag(record.subarray(record.length - TAG_SIZE));
  return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_SIZE)), decipher.final()]);
}

/** The plaintext of sealed bytes; throws on a wrong key or password, damage or a cut. */
export function decrypt(sealed, key, { password } = {}) {
  const head = readHeader(sealed);
  const keys = keysOf(head, secretOf(key), password);
  const body = sealed.subarray(HEADER_SIZE);
  const whole = RECORD_SIZE + TAG_SIZE;
  const records = Math.max(1, Math.ceil(body.length / whole));
  const out = [];
  for (let i = 0; i < records; i++) {
    const record = body.subarray(i * whole, (i + 1) * whole);
    if (record.length < TAG_SIZE) throw new Error('the content was cut off');
    try {
      out.push(openRecord(keys, head, i, record, i === records - 1));
    } catch {
      throw new Error(
        i === 0 ? 'the key or the password is wrong' : `record ${i} is damaged or the content was cut off`,
      );
    }
  }
  return Buffer.concat(out);
}

/** Sealed metadata ({name, type} of a file; {remark, markdown} of a paste), as stored. */
export function sealMetadata(value, sealedContent, key, { password } = {}) {
  const head = readHeader(sealedContent);
  const keys = keysOf(head, secretOf(key), password);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.metadata, iv);
  cipher.setAAD(head.bytes);
  const body = Buffer.concat([cipher.update(JSON.stringify(value)), cipher.final(), cipher.getAuthTag()]);
  return Buffer.concat([iv, body]).toString('base64url');
}

export function openMetadata(sealedMetadata, sealedContent, key, { password } = {}) {
  const head = readHeader(sealedContent);
  const keys = keysOf(head, secretOf(key), password);
  const bytes = Buffer.from(sealedMetadata, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.metadata, bytes.subarray(0, 12));
  decipher.setAAD(head.bytes);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_SIZE));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - TAG_SIZE)), decipher.final()]));
}

/** An encrypted paste's envelope (docs/encryption.md "Pastes"): the text, and its remark and format. */
export function sealPaste(text, { remark = null, markdown = true, password } = {}) {
  const { sealed, key } = encrypt(Buffer.from(text), { password });
  const envelope = `${sealed.toString('base64url')}.${sealMetadata({ remark, markdown }, sealed, key, { password })}`;
  return { envelope, key, verifier: password === undefined ? undefined : passwordVerifier(secretOf(key), password) };
}

/** An envelope opened: `{ text, remark, markdown }`. */
export function openPaste(envelope, key, { password } = {}) {
  const [content = '', metadata = ''] = envelope.split('.');
  const sealed = Buffer.from(content, 'base64url');
  return { text: decrypt(sealed, key, { password }).toString(), ...openMetadata(metadata, sealed, key, { password }) };
}

async function api(url, init) {
  const answer = await fetch(url, init);
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(`${answer.status}: ${body.message ?? body.error ?? 'the server refused'}`);
  return body;
}

/**
 * Seals a text and creates its paste through POST /api/paste as `authorization` (the header's
 * value: `ApiKey …` or `Bearer …`); answers the whole link.
 */
export async function createPaste(server, authorization, text, { password, remark, maxViews, slug } = {}) {
  const { envelope, key, verifier } = sealPaste(text, { remark: remark ?? null, password });
  const body = { content: envelope, encrypted: true, password: verifier, maxViews, slug };
  const made = await api(new URL('/api/paste', server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify(body),
  });
  return `${new URL(`/paste/${made.slug}`, server)}#${key}`;
}

/**
 * Reads an encrypted paste from its link (a view is counted, as by any reader): GET /api/paste, or
 * with a password POST the verifier, then opens the envelope here.
 */
export async function readPaste(link, { password } = {}) {
  const url = new URL(link);
  const slug = url.pathname.split('/').pop();
  const endpoint = new URL(`/api/paste/${slug}`, url);
  const answer =
    password === undefined
      ? await api(endpoint)
      : await api(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ password: passwordVerifier(secretOf(link), password) }),
        });
  if (!answer.encrypted) throw new Error('this paste is not encrypted');
  return openPaste(answer.content, link, { password });
}

/**
 * An encrypted file share's parts (docs/encryption.md "Files"): the envelope (the header and the
 * sealed name, type and remark) the share's row keeps, and the records its object holds.
 */
export function sealFileShare(bytes, { name, type = 'application/octet-stream', remark = null, password } = {}) {
  const { sealed, key } = encrypt(bytes, { password });
  const metadata = sealMetadata({ name, type, remark }, sealed, key, { password });
  return {
    envelope: `${sealed.subarray(0, HEADER_SIZE).toString('base64url')}.${metadata}`,
    records: sealed.subarray(HEADER_SIZE),
    key,
    verifier: password === undefined ? undefined : passwordVerifier(secretOf(key), password),
  };
}

/**
 * Seals a file (held in memory) and shares it: POST /api/s3/presign with its envelope, PUT the
 * records, POST /api/s3/commit, as `authorization`. Answers the whole link.
 */
export async function shareFile(server, authorization, bytes, { name, type, remark, password, maxViews, slug } = {}) {
  const { envelope, records, key, verifier } = sealFileShare(bytes, { name, type, remark, password });
  const json = (body) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify(body),
  });
  const body = {
    filename: 'encrypted.cce',
    size: records.length,
    envelope,
    password: verifier,
    max_views: maxViews,
    slug,
  };
  const { data } = await api(new URL('/api/s3/presign', server), json(body));
  const put = await fetch(new URL(data.upload_url, server), { method: 'PUT', body: records });
  if (!put.ok) throw new Error(`${put.status}: the storage refused the upload`);
  const committed = await api(new URL('/api/s3/commit', server), json({ file_id: data.file_id }));
  return `${new URL(`/file/${committed.data.slug}`, server)}#${key}`;
}

/**
 * Reads an encrypted file share from its link (a view is counted, as by any reader): its info (or,
 * with a password, the verifier's unlock), then the download, opened here. Answers
 * `{ name, type, remark, bytes }`.
 */
export async function readFileShare(link, { password } = {}) {
  const url = new URL(link);
  const slug = url.pathname.split('/').pop();
  const info = new URL(`/api/public/files/${slug}`, url);
  const verifier = password === undefined ? undefined : passwordVerifier(secretOf(link), password);
  const { data } =
    verifier === undefined
      ? await api(info)
      : await api(new URL(`${info}/verify`), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ password: verifier }),
        });
  if (!data.encrypted) throw new Error('this file share is not encrypted');
  const download = new URL(data.downloadUrl ?? `/api/file-download/${slug}`, url);
  if (verifier !== undefined) download.searchParams.set('password', verifier);
  const answer = await fetch(download);
  if (!answer.ok) throw new Error(`${answer.status}: the download was refused`);
  const sealed = Buffer.from(await answer.arrayBuffer());
  const metadata = openMetadata(data.envelope.split('.')[1], sealed, link, { password });
  return { ...metadata, bytes: decrypt(sealed, link, { password }) };
}

async function main(argv) {
  const [command, input, ...rest] = argv;
  const option = (name) => {
    const at = rest.indexOf(`--${name}`);
    return at === -1 ? undefined : rest[at + 1];
  };
  const password = option('password');
  const output = rest[0];
  if (command === 'encrypt' && input && output) {
    const { sealed, key } = encrypt(fs.readFileSync(input), { password });
    fs.writeFileSync(output, sealed);
    console.log(`#${key}`);
  } else if (command === 'decrypt' && input && output && option('key')) {
    fs.writeFileSync(output, decrypt(fs.readFileSync(input), option('key'), { password }));
  } else if (command === 'paste' && input && option('server') && (option('key') || option('token'))) {
    const maxViews = option('max-views') === undefined ? undefined : Number(option('max-views'));
    const options = { password, remark: option('remark'), maxViews, slug: option('slug') };
    const authorization = option('key') ? `ApiKey ${option('key')}` : `Bearer ${option('token')}`;
    console.log(await createPaste(option('server'), authorization, fs.readFileSync(input, 'utf8'), options));
  } else if (command === 'file' && input && option('server') && (option('key') || option('token'))) {
    const maxViews = option('max-views') === undefined ? undefined : Number(option('max-views'));
    const options = { name: path.basename(input), password, remark: option('remark'), maxViews, slug: option('slug') };
    const authorization = option('key') ? `ApiKey ${option('key')}` : `Bearer ${option('token')}`;
    console.log(await shareFile(option('server'), authorization, fs.readFileSync(input), options));
  } else if (command === 'open' && input && new URL(input).pathname.startsWith('/file/')) {
    const file = await readFileShare(input, { password });
    // Into --out, or the current folder under its own name (never a path it carries).
    const target = option('out') ?? path.basename(file.name);
    fs.writeFileSync(target, file.bytes);
    console.log(target);
  } else if (command === 'open' && input) {
    process.stdout.write((await readPaste(input, { password })).text);
  } else {
    console.error(
      'usage: e2e-crypt.mjs encrypt <file> <out> [--password p] | decrypt <file> <out> --key <#…> [--password p]\n' +
        '       e2e-crypt.mjs paste <file> --server <url> --key <k> | --token <t> [--password p] [--remark r] [--max-views n]\n' +
        '       e2e-crypt.mjs file <file> --server <url> --key <k> | --token <t> [--password p] [--remark r] [--max-views n]\n' +
        '       e2e-crypt.mjs open <link> [--password p] [--out <file>]',
    );
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
