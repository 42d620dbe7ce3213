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
    : // Chunks under 2 KB are merged into others where that loads nothing a page does not need
      // anyway: a share page went from 39 scripts to 28 at the same bytes. Each request costs a round
      // trip over HTTP/1.1, and Lighthouse's slow-4G model counted them all before the first paint
      // (issue 47: home 88 → 94, folder share 87 → 94, upload page 91 → 94).
      //
      // Each language's catalogue is a chunk of its own, named for it, which nothing is merged into:
      // left to the merge, the Chinese one took in two small shared modules and every English page
      // then loaded it (32 KB); Rollup never merges into a manual chunk.
      {
        rollupOptions: {
          output: {
            experimentalMinChunkSize: 2_000,
            manualChunks: (id) => /\/app\/locales\/(en|zh)\//.exec(id)?.[1],
          },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: process.env.CI ? false : undefined },
}));
