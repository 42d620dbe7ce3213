import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

// The server build's entry is our Express handler (app/http/express.server.ts), which mounts /api,
// /dav and then React Router; server.ts imports it from build/server/index.js in production.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: isSsrBuild ? { rollupOptions: { input: './app/http/express.server.ts' } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: process.env.CI ? false : undefined },
}));
