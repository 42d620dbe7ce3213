// The build's text files, compressed once at build time (docs/architecture.md §13): next to each
// compressible file of build/client, a .br (brotli, best quality) and a .gz (gzip level 9), kept
// only when smaller than the file. server.ts then serves them to browsers that accept them, at no
// CPU cost per request. Runs after build-pwa.mjs, whose precache list must name only the originals.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = 'build/client';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const files = fs
  .readdirSync(ROOT, { recursive: true })
  .map((name) => path.join(ROOT, String(name)))
  .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).isFile());

let before = 0;
let after = 0;
for (const file of files) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = await brotli(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = await gzip(bytes, { level: 9 });
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
const kib = (n) => `${Math.round(n / 1024)} KiB`;
console.log(`compressed assets: ${files.length} files, ${kib(before)} → ${kib(after)} with brotli`);
