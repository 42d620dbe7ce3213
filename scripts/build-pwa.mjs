// The installable app's build (docs/architecture.md §11), after `react-router build`:
// 1. the manifest's PNG icons, drawn by sharp from public/favicon.svg (a maskable one with the
//    safe-zone margin Android's masks need);
// 2. the service worker: esbuild bundles app/sw.ts into build/client/sw.js, then workbox-build
//    writes the precache list into it — every hashed asset, the offline page, the icons and the
//    manifest, each with a revision, so a new build is a new worker and the update prompt appears.
import fs from 'node:fs';
import { build } from 'esbuild';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';

const logo = fs.readFileSync('public/favicon.svg');
// The glyph alone, on a full-bleed square, inside the central circle (80 % across) every mask keeps.
const maskable = Buffer.from(
  logo
    .toString()
    .replace('<rect width="64" height="64" rx="14" fill="#2563eb"/>', '')
    .replace('viewBox="0 0 64 64"', 'viewBox="-8 -6 80 80" style="background:#2563eb"'),
);
fs.mkdirSync('build/client/icons', { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  await sharp(svg, { density: 600 })
    .resize(size, size)
    .flatten({ background: '#2563eb' })
    .png()
    .toFile(`build/client/icons/${name}`);
}

const swDest = 'build/client/sw.js';

await build({
  entryPoints: ['app/sw.ts'],
  outfile: swDest,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  // Workbox logs verbosely unless this is "production".
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: swDest,
  swDest,
  globDirectory: 'build/client',
  globPatterns: [
    'assets/**/*.{js,css,woff2,svg,png}',
    'offline.html',
    'favicon.svg',
    'icons/*.png',
    'manifest.webmanifest',
  ],
  // KaTeX's fonts (~300 KiB) load only on a page with math (app/components/ui/MathStylesheet.tsx):
  // installing the app should not fetch them all.
  globIgnores: ['assets/KaTeX_*'],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`);
