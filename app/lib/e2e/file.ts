import {
  deriveKeys,
  E2eError,
  fromBase64Url,
  HEADER_SIZE,
  openMetadata,
  passwordVerifier,
  plainSize,
  readHeader,
  RECORD_SIZE,
  sealedSize,
  sealMetadata,
  sealRecord,
  secretFromFragment,
  TAG_SIZE,
  toBase64Url,
  type Bytes,
  type Header,
  type Keys,
} from './format';
import { newShare, openSealed, type ShareSecrets } from './stream';
import { DEFAULT_PART_SIZE, MAX_PARTS } from '~/lib/upload/part-size';

/**
 * An encrypted file share (docs/encryption.md "Files"): the object holds the sealed records only;
 * the share's row keeps the **envelope**, the header and the sealed metadata (name, type, remark) in
 * base64url joined by a dot. A download answers the header, then the object. Client-safe: the
 * upload page seals with it, the file page opens with it, the server checks an envelope's shape.
 */

export interface FileMetadata {
  name: string;
  type: string;
  remark: string | null;
}

/** What the server keeps as an encrypted share's name and type: nothing of the real ones. */
export const SEALED_FILENAME = 'encrypted.cce';
export const SEALED_MIMETYPE = 'application/octet-stream';

/** A whole sealed record in the object. */
export const RECORD_BYTES = RECORD_SIZE + TAG_SIZE;
const FILE_ENVELOPE = /^([\w-]{39})\.([\w-]+)$/;

/** Bytes of the object for `size` bytes of plaintext: the records (the header stays in the row). */
export const recordsSize = (size: number) => sealedSize(size) - HEADER_SIZE;

/** Plaintext bytes of an object of `records` bytes; null when no whole number of records makes it. */
export const plainSizeOfRecords = (records: number) => plainSize(records + HEADER_SIZE);

/**
 * The part size of an encrypted multipart upload: whole records, at least S3's 5 MiB (80 records,
 * 5 MiB of plaintext a part), more when the file would need over 10,000 parts. Every part then
 * seals on its own, so parts go three at a time and resume as a plain upload's do.
 */
export function sealedPartSize(size: number): number {
  const records = Math.max(1, Math.ceil(size / RECORD_SIZE));
  return Math.max(Math.ceil(DEFAULT_PART_SIZE / RECORD_BYTES), Math.ceil(records / MAX_PARTS)) * RECORD_BYTES;
}

/** The header part of an envelope (base64url): no secret, and new for every share. */
export const sealedFileHeaderOf = (envelope: string) => envelope.slice(0, envelope.indexOf('.'));

/** An envelope's header, read without any key. */
export function fileEnvelopeHeader(envelope: string): Header {
  return readHeader(fromBase64Url(sealedFileHeaderOf(envelope)));
}

/**
 * Why `envelope` cannot be an encrypted file share's, or null: its shape, its header, that the
 * header asks for a password exactly when the share has one, and (when known) that an object of
 * `objectSize` bytes is whole records.
 */
export function fileEnvelopeProblem(
  envelope: string,
  hasPassword: boolean,
  objectSize?: number,
): 'envelopeInvalid' | 'envelopePassword' | null {
  const parts = FILE_ENVELOPE.exec(envelope);
  // Sealed metadata is a 12-byte nonce and a 16-byte tag around at least "{}": 40 characters.
  if (!parts || parts[2]!.length < 40) return 'envelopeInvalid';
  if (objectSize !== undefined && plainSizeOfRecords(objectSize) === null) return 'envelopeInvalid';
  try {
    return fileEnvelopeHeader(envelope).hasPassword === hasPassword ? null : 'envelopePassword';
  } catch {
    return 'envelopeInvalid';
  }
}

/**
 * A file's sealed records as the uploader reads them (multipart-types.ts PartSource): `slice` seals
 * the records of a part from the file when the part is sent, so only a part or so is held at once.
 */
export class SealedSource {
  readonly size: number;
  private readonly records: number;

  constructor(
    private readonly file: Blob,
    private readonly keys: Keys,
  ) {
    this.size = recordsSize(file.size);
    this.records = Math.max(1, Math.ceil(file.size / RECORD_SIZE));
  }

  /** The sealed bytes [start, end), which start on a record (a part of sealedPartSize, or the whole). */
  async slice(start: number, end: number): Promise<Blob> {
    if (start % RECORD_BYTES) throw new RangeError('a part of an encrypted upload starts on a record');
    const first = start / RECORD_BYTES;
    const last = Math.min(this.records, Math.ceil(Math.min(end, this.size) / RECORD_BYTES));
    const plain = new Uint8Array(await this.file.slice(first * RECORD_SIZE, last * RECORD_SIZE).arrayBuffer());
    const sealed: Bytes[] = [];
    for (let i = first; i < last; i++) {
      const at = (i - first) * RECORD_SIZE;
      sealed.push(await sealRecord(this.keys, i, plain.subarray(at, at + RECORD_SIZE), i === this.records - 1));
    }
    return new Blob(sealed);
  }
}

export interface SealedFile extends ShareSecrets {
  source: SealedSource;
  envelope: string;
}

/** Seals a file's name, type and remark, and makes its records' source, under a new secret. */
export async function sealFile(file: Blob, metadata: FileMetadata, password?: string): Promise<SealedFile> {
  const { keys, secrets } = await newShare(password);
  const envelope = `${toBase64Url(keys.header.bytes)}.${await sealMetadata(keys, metadata)}`;
  return { source: new SealedSource(file, keys), envelope, ...secrets };
}

/** The verifier the unlock form sends for an encrypted file share (the header says how hard to stretch). */
export function fileVerifierFor(envelope: string, fragment: string, password: string): Promise<string> {
  return passwordVerifier(secretFromFragment(fragment), password, fileEnvelopeHeader(envelope).iterations);
}

/** Opens an envelope's metadata with the link's fragment (and the password); the keys open the download. */
export async function openFileEnvelope(
  envelope: string,
  fragment: string,
  password?: string,
): Promise<{ keys: Keys; metadata: FileMetadata }> {
  const keys = await deriveKeys(fileEnvelopeHeader(envelope), secretFromFragment(fragment), password);
  const metadata = await openMetadata<FileMetadata>(keys, envelope.slice(envelope.indexOf('.') + 1));
  return { keys, metadata };
}

/** The plaintext of a download (the header, then the records) under keys its envelope opened. */
export function openDownload(keys: Keys, body: AsyncIterable<Uint8Array>): AsyncGenerator<Bytes> {
  return openSealed(body, async (header) => {
    if (header.bytes.some((byte, i) => byte !== keys.header.bytes[i]))
      throw new E2eError('corrupt', 'the download is not the content of this share');
    return keys;
  });
}

export { E2eError };
