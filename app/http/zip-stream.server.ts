import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ZipFile } from 'yazl';
import type { ArchiveEntry } from '~/models/fs/archive.server';

/**
 * yazl checksums every byte with buffer-crc32, in JavaScript (about 500 MB/s here: the zip's
 * bottleneck, bench/explorer-tools.bench.mjs). It looks `unsigned` up on that module at each call,
 * so pointing it at Node's native zlib.crc32 (same values, app/http/zip-stream.test.ts) speeds up
 * every zip without touching yazl (docs/decisions/0011-streamed-zip.md). The module is taken with
 * require, as yazl takes it: the package's ESM build would be another instance.
 */
type Crc32Module = { unsigned: (input: Buffer | string, previous?: Buffer | number) => number };
const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as Crc32Module;
export const nativeCrc32: Crc32Module['unsigned'] = (input, previous) =>
  zlib.crc32(input, typeof previous === 'number' ? previous : 0);
yazlCrc32.unsigned = nativeCrc32;

/**
 * A zip of planned entries as one stream of a size known before its first byte
 * (docs/decisions/0011-streamed-zip.md): every entry STOREd (no compression, so sizes are exact and
 * the CPU idles), its source opened only when the writer nears it (the next one while the one before
 * streams), ZIP64 wherever sizes, offsets or the entry count need it (yazl decides per record).
 */
export function zipStream(entries: ArchiveEntry[]): Promise<{ stream: Readable; size: number; zip: ZipFile }> {
  const zip = new ZipFile();
  const files = entries.filter((e) => e.open);
  // While one source streams into the zip, the next is already asked for: its answer waits in the
  // socket (a few buffers, not the file) and the storage's latency is hidden behind the transfer.
  let next: { index: number; opening: Promise<Readable> } | null = null;
  // Every source opened and not yet finished: a zip that stops early (the client went away, a
  // source failed) closes them all — the one streaming and the one fetched ahead (issue 27 B7: 30
  // abandoned zips held 30 files open).
  const open = new Set<Readable>();
  let stopped = false;
  const opened = (opening: Promise<Readable>) =>
    opening.then((stream) => {
      // yazl pipes a source without listening for its errors (yazl 3.3.1, pumpFileDataReadStream):
      // a source that fails — an S3 read timed out, a file removed meanwhile — fails the zip here,
      // which cuts the download. Unheard, its 'error' ended the whole process (issue 42, item 0).
      stream.on('error', (error) => zip.emit('error', error));
      if (stopped) stream.destroy();
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      return stream;
    });
  const openAt = (index: number) => {
    const opening = next?.index === index ? next.opening : opened(files[index]!.open!());
    next = index + 1 < files.length ? { index: index + 1, opening: opened(files[index + 1]!.open!()) } : null;
    // An unused prefetch must not reject unheard (the zip stopped, or this one failed).
    next?.opening.catch(() => undefined);
    return opening;
  };
  zip.outputStream.once('close', () => {
    stopped = true;
    for (const stream of open) stream.destroy();
  });
  const names = entries.map((e) => safeName(e.name));
  let fileIndex = 0;
  for (const [i, entry] of entries.entries()) {
    const name = names[i]!;
    const mtime = entry.modified ?? new Date();
    if (!entry.open) {
      zip.addEmptyDirectory(name, { mtime });
      continue;
    }
    const index = fileIndex++;
    zip.addReadStreamLazy(name, { mtime, compress: false, size: entry.size }, (done) => {
      openAt(index).then(
        (stream) => done(null, stream),
        (error: Error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  return new Promise((resolve) => {
    // @types/yazl leaves out the callback's argument: the total size (docs: yazl README, end()).
    const sized = ((size: number) =>
      resolve({ stream: zip.outputStream as Readable, size: writtenSize(size, names), zip })) as unknown as () => void;
    zip.end(undefined, sized);
  });
}

/** yazl 3.3.1's record sizes (its index.js): the classic end record, the ZIP64 end record and locator. */
const END_RECORD = 22;
const ZIP64_END_RECORDS = 56 + 20;
/** A central directory record without ZIP64 fields: 46 fixed bytes, the 9-byte timestamp field, the name. */
const directoryRecord = (name: string) => 46 + 9 + Buffer.byteLength(name);

/**
 * The length yazl actually writes. Its size calculation counts the ZIP64 end records once the
 * central directory reaches 0xFFFF bytes (about a thousand entries), while its writer adds them only
 * from 0xFFFFFFFF bytes: in between, the announced length was 76 bytes too long and every such
 * download was cut off short of it (found by bench/explorer-tools.bench.mjs;
 * app/http/zip-stream.test.ts checks lengths on both sides of the threshold). Entries that need
 * ZIP64 fields themselves lie past 4 GiB, where calculation and writer agree.
 */
function writtenSize(calculated: number, names: string[]): number {
  if (names.length >= 0xffff) return calculated;
  const directory = names.reduce((sum, name) => sum + directoryRecord(name), 0);
  if (directory < 0xffff || directory >= 0xffffffff) return calculated;
  const dataEnd = calculated - directory - END_RECORD - ZIP64_END_RECORDS;
  return dataEnd < 0xffffffff ? calculated - ZIP64_END_RECORDS : calculated;
}

/**
 * Object keys may hold what a zip path may not (S3 takes any key): a backslash (a separator to
 * unzip tools), a leading drive letter ("C:x" reads as absolute), a leading "/" or an empty, "." or
 * ".." segment (a path out of the folder it is unpacked into). Each becomes "_"; nothing else changes.
 */
export function safeName(name: string): string {
  const folder = name.endsWith('/');
  const segments = (folder ? name.slice(0, -1) : name).replace(/\\/g, '_').split('/');
  const safe = segments.map((s) => (s === '' || s === '.' || s === '..' ? '_' : s)).join('/');
  return safe.replace(/^([a-zA-Z]):/, '$1_') + (folder ? '/' : '');
}
