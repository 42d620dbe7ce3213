/**
 * Buffers that local file reads (and plain-HTTP reads from S3 and WebDAV, decision 0048) fill and
 * the socket hands back once it has written them (docs/decisions/0028-read-buffers.md). A fresh
 * 64 KiB buffer per read is memory outside V8's heap: streaming a gigabyte made about 50 full
 * collections of the app's whole heap, and the zip of a share ran at 0.58 of a bare server's speed
 * (bench/shares.bench.mjs). Reused, it allocates nothing.
 *
 * Safe by construction: a buffer goes back only through `returnReadBuffer`, called with the very
 * chunk this module lent (not a slice of it, not a copy), once, after whoever wrote it
 * (http/pour.server.ts) heard that the bytes are gone. A chunk nobody returns is garbage-collected
 * like any other.
 */
export const READ_BUFFER_SIZE = 64 * 1024;
/**
 * Buffers for reads from a socket that arrive in big bursts (storage/drivers/pooled-get.server.ts):
 * a WebDAV server that sends with sendfile filled 512 KiB per read, and the app's CPU for the
 * download fell by a quarter (docs/decisions/0048-pooled-http-reads.md).
 */
export const LARGE_READ_BUFFER_SIZE = 512 * 1024;
/** Idle bytes kept of each size for the next reads: 4 MiB, enough for several streams at once. */
const KEEP_BYTES = 4 * 1024 * 1024;

const idle = new Map<number, Buffer[]>([
  [READ_BUFFER_SIZE, []],
  [LARGE_READ_BUFFER_SIZE, []],
]);
/** The chunk each lent buffer went out as, by its memory: only that object brings it back. */
const lent = new WeakMap<ArrayBufferLike, Buffer>();
const counts = { made: 0, returned: 0 };

/** A buffer to read into (READ_BUFFER_SIZE or LARGE_READ_BUFFER_SIZE); `lend` it with the bytes read. */
export function takeReadBuffer(size = READ_BUFFER_SIZE): Buffer {
  const reused = idle.get(size)!.pop();
  if (reused) return reused;
  counts.made++;
  return Buffer.allocUnsafeSlow(size);
}

/** Keeps a whole buffer for the next read of its size, up to KEEP_BYTES of them. */
function keep(buffer: Buffer) {
  const list = idle.get(buffer.length);
  if (list && (list.length + 1) * buffer.length <= KEEP_BYTES) list.push(buffer);
}

/** The chunk to push for `length` bytes read into `buffer`; it may come back by `returnReadBuffer`. */
export function lend(buffer: Buffer, length: number): Buffer {
  const chunk = length === buffer.length ? buffer : buffer.subarray(0, length);
  lent.set(buffer.buffer, chunk);
  return chunk;
}

/**
 * The chunk to push for a piece of a taken buffer (an HTTP body after its headers,
 * storage/drivers/pooled-get.server.ts): it comes back, whole, by `returnReadBuffer`.
 */
export function lendView(piece: Buffer): Buffer {
  if (!idle.has(piece.buffer.byteLength)) throw new Error('Not a piece of a read buffer');
  lent.set(piece.buffer, piece);
  return piece;
}

/** A taken buffer that was not filled after all (the end of a file): kept for the next read. */
export function keepUnused(buffer: Buffer): void {
  if (!lent.has(buffer.buffer)) keep(buffer);
}

/** Gives a written chunk's buffer back; anything this module did not lend, or lent and got back, is ignored. */
export function returnReadBuffer(chunk: Buffer): void {
  if (!isLentChunk(chunk)) return;
  lent.delete(chunk.buffer);
  counts.returned++;
  keep(Buffer.from(chunk.buffer, 0, chunk.buffer.byteLength));
}

/** Whether a chunk is one this module lent (and has not had back): not garbage once written. */
export function isLentChunk(chunk: Buffer): boolean {
  return lent.get(chunk.buffer) === chunk;
}

/** How many buffers were made and how many came back so far (for tests). */
export function readBufferCounts(): { made: number; returned: number } {
  return { ...counts };
}
