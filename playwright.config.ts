import { defineConfig, devices } from '@playwright/test';
import { testBrowser } from './tests/e2e/chromium';
import { TEST_COMPILE_CACHE } from './tests/support/server';

// Browser tests drive Debian's chromium-headless-shell (tests/e2e/chromium.ts). The app under test
// is the production build (`npm test` builds it first) on a fresh data folder.

const PORT = Number(process.env.E2E_PORT ?? 18787);
const baseURL = `http://127.0.0.1:${PORT}`;
const withJavaScript = { ...devices['Desktop Chrome'], javaScriptEnabled: true };

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
      executablePath: testBrowser(),
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
    {
      name: 'js',
      use: withJavaScript,
      grepInvert: [/@no-js-only\b/, /@full-browser\b/],
    },
    // Progressive enhancement (docs/architecture.md §7): the same flows with JavaScript off. Tag a test `@js` to
    // keep it out of this project.
    {
      name: 'no-js',
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
      grepInvert: [/@js\b/, /@full-browser\b/],
    },
    // A test that launches the full browser (tests/e2e/chromium.ts, tag `@full-browser`): `npm test`
    // runs it after the rest, alone (scripts/test.mjs says why).
    { name: 'full-browser', use: withJavaScript, grep: /@full-browser\b/ },
  ],
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    // The compile cache the suite's servers share.
    env: { E2E_PORT: String(PORT), NODE_COMPILE_CACHE: TEST_COMPILE_CACHE },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
