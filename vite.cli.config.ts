import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The app's commands (app/cli/main.ts) as one file, build/cli/cli.js: built by Vite like the server,
 * since the app's code relies on Vite's import.meta.glob (migrations) and `?raw` imports.
 * Dependencies stay in node_modules.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'app/cli/main.ts',
    outDir: 'build/cli',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { format: 'esm', entryFileNames: 'cli.js' } },
  },
});
