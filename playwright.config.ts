import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive Debian's chromium package (no browser download is possible or needed). The
 * app under test is the production build (`npm test` builds it first) on a fresh data folder.
 */
function findChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH; try the next name
    }
  }
  throw new Error('Chromium not found: install the chromium package or set CHROMIUM_PATH');
}

const PORT = Number(process.env.E2E_PORT ?? 18787);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test has its own browser context (cookies included) and no test writes server state.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'off',
    screenshot: 'off',
    // The service worker is tested on its own (tests/e2e/pwa-*.spec.ts allow it); elsewhere every
    // request goes straight to the server, as each test expects.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Specs that start their own fixed-port S3 server run in one project only: tag them `@no-js-only`.
    { name: 'js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: true }, grepInvert: /@no-js-only\b/ },
    // Progressive enhancement (docs/architecture.md §7): the same flows with JavaScript off. Tag a test `@js` to
    // keep it out of this project.
    { name: 'no-js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false }, grepInvert: /@js\b/ },
  ],
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
