// `npm test`: every check the project has, in order, stopping at the first failure with its exit code.
// Ends with one line `tests: N passed, N failed` totalled over vitest and Playwright, read from their
// JSON reports (not from scraping console output).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp');
const VITEST_JSON = path.join(TMP, 'vitest.json');
const IMAGE_JSON = path.join(TMP, 'vitest-image.json');
const NODE24_JSON = path.join(TMP, 'vitest-node24.json');
const POSTGRES_JSON = path.join(TMP, 'vitest-postgres.json');
const PLAYWRIGHT_POSTGRES_JSON = path.join(TMP, 'playwright-postgres.json');
const NODE24_DIR = path.join(TMP, 'node24');
const PLAYWRIGHT_JSON = path.join(TMP, 'playwright.json');

/**
 * The browser specs that run on PostgreSQL too: the lists, searches, edits and deletes of pastes,
 * files and keys, and the explorer (whose folder sizes and search come from the index), in both
 * JavaScript projects. The rest of the browser suite tests pages and the browser, the same on either
 * database, and costs 20 minutes.
 */
const PLAYWRIGHT_ON_POSTGRES = [
  'tests/e2e/explorer.spec.ts',
  'tests/e2e/text-admin-list.spec.ts',
  'tests/e2e/file-admin-list.spec.ts',
  'tests/e2e/file-admin-actions.spec.ts',
  'tests/e2e/auth-keys.spec.ts',
  'tests/e2e/paste-share.spec.ts',
];

const vitest = (projects, report) => [
  'vitest',
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${report}`,
];

// The image build (scripts/image.sh) takes minutes, mostly downloads and disk: it runs beside the
// checks and the app's build, where nothing is timed, and is awaited before the first timed suite.
const IMAGE_LOG = path.join(TMP, 'image-build.log');
let imageBuild;
let imageBuilder;
function startImageBuild() {
  const log = fs.openSync(IMAGE_LOG, 'w');
  imageBuilder = spawn('bash', ['scripts/image.sh', 'build'], { cwd: ROOT, stdio: ['ignore', log, log] });
  imageBuild = new Promise((resolve) => imageBuilder.on('close', (code) => resolve(code ?? 1)));
  console.log(`started; its log: ${path.relative(ROOT, IMAGE_LOG)}`);
  return 0;
}
async function awaitImageBuild() {
  const code = await imageBuild;
  const log = fs.readFileSync(IMAGE_LOG, 'utf8').trimEnd().split('\n');
  console.log(log.slice(code === 0 ? -3 : -40).join('\n'));
  return code;
}

const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['docker image: build, in the background', startImageBuild],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['format check', 'npm', ['run', 'format:check']],
  ['build', 'npm', ['run', 'build']],
  // The Dockerfile built with buildah (scripts/image.sh; root only), then run and checked. Awaited
  // here: the timed suites below must not share the cores with it.
  ['docker image: the build', awaitImageBuild],
  ['docker image: run and check', 'npx', vitest(['image'], IMAGE_JSON), { IMAGE_PREBUILT: '1' }],
  ['vitest (unit + integration)', 'npx', vitest(['unit', 'integration'], VITEST_JSON)],
  // The integration and reliability suites again with every server on PostgreSQL, a database each
  // (tests/support/server.ts); the SQLite-only files are left out by vitest.config.ts.
  ['integration on postgresql', 'npx', vitest(['integration'], POSTGRES_JSON), { TEST_DATABASE: 'postgres' }],
  [
    'playwright',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
  ],
  // A part of the browser suite on PostgreSQL (docs/architecture.md §4 says which and why).
  [
    'playwright on postgresql',
    'npx',
    ['playwright', 'test', '--reporter=list,json', ...PLAYWRIGHT_ON_POSTGRES],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_POSTGRES_JSON, TEST_DATABASE: 'postgres' },
  ],
  // The integration and reliability suites once more, their servers on the image's Node 24 and the
  // image's own build and node_modules: the runtime the image ships is tested, not assumed.
  ["node 24: the image's app", 'bash', ['scripts/image.sh', 'extract', NODE24_DIR]],
  [
    'integration on node 24',
    'npx',
    vitest(['integration'], NODE24_JSON),
    { E2E_BUILD_DIR: path.join(NODE24_DIR, 'app/build'), TEST_SERVER_NODE: path.join(NODE24_DIR, 'node') },
  ],
];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null; // the step did not run or crashed before writing its report
  }
}

function counts() {
  let passed = 0;
  let failed = 0;
  for (const v of [VITEST_JSON, IMAGE_JSON, POSTGRES_JSON, NODE24_JSON].map(readJson)) {
    if (!v) continue;
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    // A file that fails to load has no failed test in it; count it so it cannot pass unnoticed.
    for (const file of v.testResults ?? []) {
      const anyFailed = (file.assertionResults ?? []).some((a) => a.status === 'failed');
      if (file.status === 'failed' && !anyFailed) failed += 1;
    }
  }
  for (const p of [PLAYWRIGHT_JSON, PLAYWRIGHT_POSTGRES_JSON].map(readJson)) {
    if (!p) continue;
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
    failed += (p.errors ?? []).length; // global errors (config, webServer, global setup)
  }
  return { passed, failed };
}

function finish(code) {
  if (imageBuilder && imageBuilder.exitCode === null) imageBuilder.kill('SIGTERM'); // a step failed first
  const { passed, failed } = counts();
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

fs.mkdirSync(TMP, { recursive: true });
fs.rmSync(VITEST_JSON, { force: true }); // never report numbers from an earlier run
fs.rmSync(IMAGE_JSON, { force: true });
fs.rmSync(NODE24_JSON, { force: true });
fs.rmSync(PLAYWRIGHT_JSON, { force: true });
fs.rmSync(POSTGRES_JSON, { force: true });
fs.rmSync(PLAYWRIGHT_POSTGRES_JSON, { force: true });

for (const [index, [title, command, args, env]] of steps.entries()) {
  if (typeof command === 'function') {
    console.log(`\n=== [${index + 1}/${steps.length}] ${title} ===\n`);
    const code = await command();
    if (code !== 0) {
      console.error(`\n${title} failed (exit code ${code})`);
      finish(code);
    }
    continue;
  }
  console.log(`\n=== [${index + 1}/${steps.length}] ${title}: ${command} ${args.join(' ')} ===\n`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) {
    console.error(`\n${title}: could not run ${command}: ${result.error.message}`);
    finish(127);
  }
  const code = result.status ?? 1; // killed by a signal: no status
  if (code !== 0) {
    console.error(`\n${title} failed (exit code ${code}${result.signal ? `, signal ${result.signal}` : ''})`);
    finish(code);
  }
}
console.log('\nall steps passed');
finish(0);
