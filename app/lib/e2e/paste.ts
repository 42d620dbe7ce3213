import {
  deriveKeys,
  E2eError,
  fromBase64Url,
  HEADER_SIZE,
  openMetadata,
  passwordVerifier,
  plainSize,
  readHeader,
  sealMetadata,
  secretFromFragment,
  toBase64Url,
  type Bytes,
  type Header,
} from './format';
import { newShare, openRecords, sealStream, type ShareSecrets } from './stream';

/**
 * An encrypted paste as the server stores and answers it (docs/encryption.md "Pastes"): the sealed
 * content and the sealed metadata, each in base64url, joined by a dot. Client-safe: the editor
 * seals with it, the page opens with it, and the server checks an envelope's shape with it
 * (envelopeProblem) without being able to open one.
 */

/** What a paste's metadata holds: its remark and whether it reads as Markdown. */
export interface PasteMetadata {
  remark: string | null;
  markdown: boolean;
}

const ENVELOPE = /^([\w-]+)\.([\w-]+)$/;
/** base64url characters (whole groups of four) that hold the header: 40 characters, 30 bytes. */
const HEADER_CHARS = Math.ceil(HEADER_SIZE / 3) * 4;

/** Bytes a base64url string of `length` characters decodes to (null when no length fits). */
function decodedLength(length: number): number | null {
  return length % 4 === 1 ? null : Math.floor((length * 3) / 4);
}

/** The start of an envelope that holds its header, and no secret. */
export const sealedHeaderOf = (envelope: string) => envelope.slice(0, HEADER_CHARS);

/**
 * What a paste's gate (its reveal step or password) shows of an envelope: the start that holds the
 * header, and the sealed metadata — no content. The page opens the metadata with the link's key (and
 * the password) before it asks the server for a view, so a cut or wrong key spends none (issue 42,
 * item 4).
 */
export const sealedGateOf = (envelope: string) =>
  `${sealedHeaderOf(envelope)}.${envelope.slice(envelope.indexOf('.') + 1)}`;

/** Opens a gate's sealed metadata with the link's fragment (and the password); E2eError when they do not open it. */
export async function checkPasteKey(gate: string, fragment: string, password?: string): Promise<void> {
  const keys = await deriveKeys(envelopeHeader(gate), secretFromFragment(fragment), password);
  await openMetadata<PasteMetadata>(keys, gate.slice(gate.indexOf('.') + 1));
}

/** The header of an envelope (or of its start, sealedHeaderOf), read without any key. */
export function envelopeHeader(envelope: string): Header {
  return readHeader(fromBase64Url(sealedHeaderOf(envelope)));
}

/**
 * Why `envelope` cannot be an encrypted paste's content, or null: its shape, its header, its
 * length (whole records), and that the header asks for a password exactly when the share has one.
 */
export function envelopeProblem(envelope: string, hasPassword: boolean): 'envelopeInvalid' | 'envelopePassword' | null {
  const parts = ENVELOPE.exec(envelope);
  const sealed = parts ? decodedLength(parts[1]!.length) : null;
  if (!parts || sealed === null || plainSize(sealed) === null) return 'envelopeInvalid';
  // Sealed metadata is a 12-byte nonce and a 16-byte tag around at least "{}".
  if ((decodedLength(parts[2]!.length) ?? 0) < 12 + 16 + 2) return 'envelopeInvalid';
  try {
    return envelopeHeader(envelope).hasPassword === hasPassword ? null : 'envelopePassword';
  } catch {
    return 'envelopeInvalid';
  }
}

async function collect(chunks: AsyncIterable<Bytes>): Promise<Bytes> {
  const parts: Bytes[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

async function* once(bytes: Bytes) {
  yield bytes;
}

export interface SealedPaste extends ShareSecrets {
  envelope: string;
}

/** Seals a paste's text and metadata under a new secret (and the password, when given). */
export async function sealPaste(text: string, metadata: PasteMetadata, password?: string): Promise<SealedPaste> {
  const { keys, secrets } = await newShare(password);
  const content = await collect(sealStream(keys, once(new TextEncoder().encode(text))));
  return { envelope: `${toBase64Url(content)}.${await sealMetadata(keys, metadata)}`, ...secrets };
}

/** The verifier the unlock form sends for an envelope's share (the header says how hard to stretch). */
export function verifierFor(sealedHeader: string, fragment: string, password: string): Promise<string> {
  return passwordVerifier(secretFromFragment(fragment), password, envelopeHeader(sealedHeader).iterations);
}

/** Opens an envelope with the link's fragment (and the password); E2eError says why it did not. */
export async function openPaste(
  envelope: string,
  fragment: string,
  password?: string,
): Promise<{ text: string; metadata: PasteMetadata }> {
  const secret = secretFromFragment(fragment);
  const [content, sealedMetadata] = envelope.split('.') as [string, string];
  const sealed = fromBase64Url(content);
  const keys = await deriveKeys(readHeader(sealed), secret, password);
  const plain = await collect(openRecords(keys, once(sealed.subarray(HEADER_SIZE))));
  const metadata = await openMetadata<PasteMetadata>(keys, sealedMetadata);
  return { text: new TextDecoder().decode(plain), metadata };
}

/** The fragment of the page's address as a key, or null for a link without one of the right shape. */
export function fragmentSecret(hash: string): string | null {
  const value = hash.replace(/^#/, '');
  return /^[\w-]{43}$/.test(value) ? value : null;
}

export { E2eError };
export type { Bytes };
