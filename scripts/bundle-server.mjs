// Bundles server.ts into build/server.js for production. Dependencies stay external (node_modules);
// the app itself was already built by `react-router build` into build/server/index.js.
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
