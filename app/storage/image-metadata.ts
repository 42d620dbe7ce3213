import { Transform } from 'node:stream';

/**
 * Strips what a photo says about where and with what it was taken — EXIF (GPS, camera, owner),
 * XMP, IPTC, comments and text chunks — from JPEG, PNG and WebP as they stream, without decoding or
 * re-encoding a pixel (issue 47 item 4; docs/decisions/0044-image-metadata.md). What a picture needs
 * to look right stays: a JPEG's colour profile and Adobe colour marker, and its EXIF orientation,
 * kept alone in a new EXIF segment of one tag (a phone's portrait photo would otherwise lie on its
 * side). Anything else, or a file that is not what its first bytes said, passes through unchanged.
 *
 * - JPEG: segments up to each scan; APP1 (EXIF, XMP), APP2 other than ICC_PROFILE (MPF, FlashPix),
 *   APP3–APP13, APP15 and COM go; whatever follows the main image's EOI (a second image with its own
 *   EXIF, a gain map) goes too.
 * - PNG: tEXt, zTXt, iTXt, eXIf and tIME chunks go.
 * - WebP: EXIF and XMP chunks become zero-filled JUNK chunks of the same size (the RIFF header gives
 *   the file's length first, so a stream cannot shorten it; readers skip unknown chunks), and the
 *   VP8X header no longer announces them.
 */
export function stripImageMetadata(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let machine: Machine | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!machine) {
        if (pending.length < 12) return done();
        machine = machineFor(pending);
      }
      pending = machine.run(pending, (out) => this.push(out), false);
      done();
    },
    flush(done) {
      if (!machine && pending.length) machine = machineFor(pending);
      if (machine) machine.run(pending, (out) => this.push(out), true);
      done();
    },
  });
}

/** Consumes what it can of `input`, pushing what it keeps; answers the bytes it still needs to see. */
interface Machine {
  run(input: Buffer, push: (out: Buffer) => void, atEnd: boolean): Buffer;
}

function machineFor(head: Buffer): Machine {
  if (head[0] === 0xff && head[1] === 0xd8) return jpeg();
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return png();
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return webp();
  return { run: (input, push) => (push(input), EMPTY) };
}

const EMPTY = Buffer.alloc(0);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// ---------------------------------------------------------------------------------------------- JPEG

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers without a length: TEM, RST0–RST7, SOI, EOI. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/** Whether a segment's marker and first bytes say it is kept. */
function keepsSegment(marker: number, body: Buffer): boolean {
  if (marker === APP0 || marker === APP14) return true;
  if (marker === APP2) return body.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
  return !((marker >= APP1 && marker <= 0xef) || marker === COM);
}

function jpeg(): Machine {
  let state: 'segments' | 'scan' | 'after' = 'segments';
  let started = false;
  return {
    run(input, push, atEnd) {
      let at = 0;
      if (!started) {
        push(input.subarray(0, 2));
        at = 2;
        started = true;
      }
      for (;;) {
        if (state === 'after') return EMPTY;
        if (state === 'scan') {
          // Entropy-coded data: a 0xFF is a marker unless stuffed (FF 00) or a restart (FF D0–D7).
          let next = input.indexOf(0xff, at);
          while (next !== -1 && next + 1 < input.length) {
            const byte = input[next + 1]!;
            if (byte !== 0x00 && !(byte >= 0xd0 && byte <= 0xd7)) break;
            next = input.indexOf(0xff, next + 2);
          }
          if (next === -1 || next + 1 >= input.length) {
            // All scan data, but a last 0xFF whose next byte has not come yet.
            const keep = next === -1 || atEnd ? input.length : next;
            push(input.subarray(at, keep));
            return input.subarray(keep);
          }
          push(input.subarray(at, next));
          at = next;
          state = 'segments';
        }
        // A marker: fill bytes (FF FF…) first, then its code.
        while (input[at] === 0xff && input[at + 1] === 0xff) at++;
        if (input.length - at < 2) return atEnd ? (push(input.subarray(at)), EMPTY) : input.subarray(at);
        if (input[at] !== 0xff) {
          // Not a JPEG as it said: the rest as it is.
          push(input.subarray(at));
          state = 'after';
          return EMPTY;
        }
        const marker = input[at + 1]!;
        if (standalone(marker)) {
          push(input.subarray(at, at + 2));
          at += 2;
          if (marker === EOI) state = 'after';
          continue;
        }
        if (input.length - at < 4) return atEnd ? (push(input.subarray(at)), EMPTY) : input.subarray(at);
        const end = at + 2 + input.readUInt16BE(at + 2);
        if (input.length < end) return atEnd ? (push(input.subarray(at)), EMPTY) : input.subarray(at);
        const body = input.subarray(at + 4, end);
        if (keepsSegment(marker, body)) push(input.subarray(at, end));
        else if (marker === APP1 && body.toString('latin1', 0, 6) === 'Exif\0\0') {
          const orientation = exifOrientation(body.subarray(6));
          if (orientation > 1) push(orientationSegment(orientation));
        }
        at = end;
        if (marker === SOS) state = 'scan';
      }
    },
  };
}

/** Tag 0x0112 of an EXIF block's first IFD (1 = upright, 2–8 = flipped or turned); 1 when absent or unreadable. */
export function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 EXIF segment holding one tag, the orientation (big-endian TIFF, one IFD of one entry). */
function orientationSegment(orientation: number): Buffer {
  const segment = Buffer.alloc(2 + 2 + 6 + 8 + 2 + 12 + 4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(segment.length - 2, 2);
  segment.write('Exif\0\0MM\0*', 4, 'latin1');
  segment.writeUInt32BE(8, 14); // the IFD right after the TIFF header
  segment.writeUInt16BE(1, 18); // one entry
  segment.writeUInt16BE(0x0112, 20); // Orientation
  segment.writeUInt16BE(3, 22); // SHORT
  segment.writeUInt32BE(1, 24); // one value
  segment.writeUInt16BE(orientation, 28);
  return segment; // the next IFD's offset (0) and padding are the zeros left
}

// ----------------------------------------------------------------------------------------------- PNG

const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function png(): Machine {
  let started = false;
  /** Bytes of the current chunk still to pass (or drop), its CRC included. */
  let left = 0;
  let keeping = true;
  let ended = false;
  return {
    run(input, push) {
      let at = 0;
      if (!started) {
        push(input.subarray(0, 8));
        at = 8;
        started = true;
      }
      for (;;) {
        if (left > 0) {
          const take = Math.min(left, input.length - at);
          if (keeping) push(input.subarray(at, at + take));
          at += take;
          left -= take;
          if (left > 0) return EMPTY;
        }
        if (ended) return EMPTY;
        if (input.length - at < 8) return input.subarray(at);
        const type = input.toString('latin1', at + 4, at + 8);
        left = 8 + input.readUInt32BE(at) + 4;
        keeping = !PNG_DROPPED.has(type);
        ended = type === 'IEND';
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------- WebP

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webp(): Machine {
  let started = false;
  let left = 0;
  let blank = false;
  return {
    run(input, push) {
      let at = 0;
      if (!started) {
        push(input.subarray(0, 12));
        at = 12;
        started = true;
      }
      for (;;) {
        if (left > 0) {
          const take = Math.min(left, input.length - at);
          push(blank ? Buffer.alloc(take) : input.subarray(at, at + take));
          at += take;
          left -= take;
          if (left > 0) return EMPTY;
        }
        if (input.length - at < 8) return input.subarray(at);
        const fourcc = input.toString('latin1', at, at + 4);
        const size = input.readUInt32LE(at + 4);
        const padded = size + (size & 1);
        blank = fourcc === 'EXIF' || fourcc === 'XMP ';
        if (blank) {
          const header = Buffer.from(input.subarray(at, at + 8));
          header.write('JUNK', 0, 'latin1');
          push(header);
        } else if (fourcc === 'VP8X') {
          if (input.length - at < 9) return input.subarray(at);
          const header = Buffer.from(input.subarray(at, at + 9));
          header[8] = header[8]! & ~(VP8X_EXIF | VP8X_XMP);
          push(header);
          at += 9;
          left = padded - 1;
          continue;
        } else push(input.subarray(at, at + 8));
        at += 8;
        left = padded;
      }
    },
  };
}
