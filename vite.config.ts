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
    : // Chunks under 20 kB join a neighbour: a first visit fetches a handful of files instead of
      // forty (each a round trip on a phone's link; issue 47, bench/lighthouse.bench.mjs).
      { rollupOptions: { output: { experimentalMinChunkSize: 20_000 } } },
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: process.env.CI ? false : undefined },
}));
