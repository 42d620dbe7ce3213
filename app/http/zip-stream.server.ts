import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ArchiveEntry } from '~/models/fs/archive.server';

/**
 * A zip of planned entries as one stream of a size known before its first byte
 * (docs/decisions/0011-streamed-zip.md): every entry STOREd (no compression, so sizes are exact and
 * the CPU idles), its source opened only when the writer reaches it, ZIP64 wherever sizes, offsets
 * or the entry count need it (yazl decides per record).
 */
export function zipStream(entries: ArchiveEntry[]): Promise<{ stream: Readable; size: number; zip: ZipFile }> {
  const zip = new ZipFile();
  for (const entry of entries) {
    const name = safeName(entry.name);
    const mtime = entry.modified ?? new Date();
    if (!entry.open) {
      zip.addEmptyDirectory(name, { mtime });
      continue;
    }
    const open = entry.open;
    zip.addReadStreamLazy(name, { mtime, compress: false, size: entry.size }, (done) => {
      open().then(
        (stream) => done(null, stream),
        (error: Error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  return new Promise((resolve) => {
    // @types/yazl leaves out the callback's argument: the total size (docs: yazl README, end()).
    const sized = ((size: number) =>
      resolve({ stream: zip.outputStream as Readable, size, zip })) as unknown as () => void;
    zip.end(undefined, sized);
  });
}

/**
 * Object keys may hold what a zip path may not: a backslash (a separator to unzip tools) or a
 * leading drive letter ("C:x" reads as absolute). Both become "_"; nothing else changes.
 */
function safeName(name: string): string {
  return name.replace(/\\/g, '_').replace(/^([a-zA-Z]):/, '$1_');
}
