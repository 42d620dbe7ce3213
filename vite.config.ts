import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

// The server build's entry is our Express handler (app/http/express.server.ts), which mounts /api,
// /dav and then React Router; server.ts imports it from build/server/index.js in production.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: isSsrBuild
    ? { rollupOptions: { input: './app/http/express.server.ts' } }
    : // Chunks under 4 KB (before compression) are merged into others: a page then loads a little
      // code it does not run in fewer requests. Each request costs a round trip over HTTP/1.1, and
      // Lighthouse's slow-4G model counted them all before the first paint. Brotli bytes and
      // scripts per page: a paste 149 KB in 27 → 150 KB in 19, the explorer 189 KB in 35 → 194 KB
      // in 27 (at 8 KB: 23 scripts, 201 KB; issue 47, docs/architecture.md §13).
      //
      // Each language's catalogue is a chunk of its own, named for it, which nothing is merged into:
      // left to the merge, the Chinese one took in two small shared modules and every English page
      // then loaded it (32 KB); Rollup never merges into a manual chunk. tests/e2e/i18n.spec.ts
      // tells the catalogues apart by content.
      {
        rollupOptions: {
          output: {
            experimentalMinChunkSize: 4_000,
            manualChunks: (id) => /\/app\/locales\/(en|zh)\//.exec(id)?.[1],
          },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: process.env.CI ? false : undefined },
}));
