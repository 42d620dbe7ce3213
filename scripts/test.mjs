// `npm test`: every check the project has, in order, stopping at the first failure with its exit code.
// Ends with each step's duration and the total (also in .tmp/test-times.json), then one line
// `tests: N passed, N failed` totalled over vitest and Playwright, read from their JSON reports (not
// from scraping console output).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp');
const UNIT_JSON = path.join(TMP, 'vitest-unit.json');
const VITEST_JSON = path.join(TMP, 'vitest.json');
const IMAGE_JSON = path.join(TMP, 'vitest-image.json');
const POSTGRES_JSON = path.join(TMP, 'vitest-postgres.json');
const PLAYWRIGHT_POSTGRES_JSON = path.join(TMP, 'playwright-postgres.json');
const PLAYWRIGHT_JSON = path.join(TMP, 'playwright.json');
const PLAYWRIGHT_FULL_BROWSER_JSON = path.join(TMP, 'playwright-full-browser.json');
const TIMES_JSON = path.join(TMP, 'test-times.json');

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
/**
 * The integration files two at a time, then the reliability files one at a time (vitest.config.ts
 * says why): vitest's default on two cores is one worker.
 */
const integrationTier = (report) => [...vitest(['integration', 'reliability'], report), '--maxWorkers=2'];

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

/**
 * A step of commands run side by side, each with its output printed whole when it ends. tsc, eslint
 * and prettier each use one core: two cores finish the three in about half of their summed time.
 * Each one's own time is reported too, marked as run beside the others.
 */
function sideBySide(commands) {
  return async () => {
    const codes = await Promise.all(
      commands.map(([title, command, args]) => {
        const commandStarted = Date.now();
        const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        return new Promise((resolve) => {
          child.on('error', (error) => (output += `could not run ${command}: ${error.message}\n`));
          child.on('close', (code) => {
            times.push({ step: `  ${title} (side by side)`, seconds: seconds(Date.now() - commandStarted) });
            console.log(`--- ${title}: ${command} ${args.join(' ')} (exit code ${code ?? 1}) ---\n${output}`);
            resolve(code ?? 1);
          });
        });
      }),
    );
    return codes.find((code) => code !== 0) ?? 0;
  };
}

const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['docker image: build, in the background', startImageBuild],
  [
    'typecheck, lint and format check, side by side',
    sideBySide([
      ['typecheck', 'npm', ['run', 'typecheck']],
      ['lint', 'npm', ['run', 'lint']],
      ['format check', 'npm', ['run', 'format:check']],
    ]),
  ],
  ['build', 'npm', ['run', 'build']],
  // Unit tests time nothing that a busy machine changes: they run while the image builds. One module
  // registry per worker, not per file (--no-isolate): importing the app again for each of 120 files
  // was half of the step (159 s → 68 s); a test that needs a module's first state imports it after
  // vi.resetModules() (app/i18n/catalogs.test.ts).
  ['vitest (unit)', 'npx', [...vitest(['unit'], UNIT_JSON), '--no-isolate']],
  // The Dockerfile built with buildah (scripts/image.sh; root only), then run and checked. Awaited
  // here: the integration and browser suites below must not share the cores with it.
  ['docker image: the build', awaitImageBuild],
  ['docker image: run and check', 'npx', vitest(['image'], IMAGE_JSON), { IMAGE_PREBUILT: '1' }],
  ['vitest (integration)', 'npx', integrationTier(VITEST_JSON)],
  // The integration files whose behaviour depends on the database, again with every server on
  // PostgreSQL, a database each (tests/support/server.ts); tests/passes.ts lists them and says why.
  [
    'integration on postgresql',
    'npx',
    integrationTier(POSTGRES_JSON),
    { TEST_DATABASE: 'postgres', TEST_PASS: 'postgres' },
  ],
  [
    'playwright',
    'npx',
    ['playwright', 'test', '--reporter=list,json', '--project=js', '--project=no-js'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
  ],
  // The test that launches the full browser, alone: beside another test it took 14.5 and 27.6 s in
  // two runs of the suite and its 30 s timeout in a third, where the test beside it, whose page
  // never loaded, timed out too; alone it takes 4.5 s.
  [
    'playwright: the full browser, alone',
    'npx',
    ['playwright', 'test', '--reporter=list,json', '--project=full-browser'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_FULL_BROWSER_JSON },
  ],
  // A part of the browser suite on PostgreSQL (docs/architecture.md §4 says which and why), with
  // JavaScript only: a form posts to the same route action either way, so the database sees the
  // same work, and none of these files has a test for the no-JS project alone.
  [
    'playwright on postgresql',
    'npx',
    ['playwright', 'test', '--reporter=list,json', '--project=js', ...PLAYWRIGHT_ON_POSTGRES],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_POSTGRES_JSON, TEST_DATABASE: 'postgres' },
  ],
];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null; // the step did not run or crashed before writing its report
  }
}

/** Passed and failed tests of one report: a vitest or a Playwright JSON file (null: the step did not run). */
function reportCounts(file) {
  const report = readJson(file);
  if (!report) return null;
  if (report.stats) {
    return {
      passed: (report.stats.expected ?? 0) + (report.stats.flaky ?? 0),
      // Global errors (config, webServer, global setup) fail the run too.
      failed: (report.stats.unexpected ?? 0) + (report.errors ?? []).length,
    };
  }
  let failed = report.numFailedTests ?? 0;
  // A file that fails to load has no failed test in it; count it so it cannot pass unnoticed.
  for (const result of report.testResults ?? []) {
    const anyFailed = (result.assertionResults ?? []).some((a) => a.status === 'failed');
    if (result.status === 'failed' && !anyFailed) failed += 1;
  }
  return { passed: report.numPassedTests ?? 0, failed };
}

const REPORTS = [
  UNIT_JSON,
  VITEST_JSON,
  IMAGE_JSON,
  POSTGRES_JSON,
  PLAYWRIGHT_JSON,
  PLAYWRIGHT_FULL_BROWSER_JSON,
  PLAYWRIGHT_POSTGRES_JSON,
];

function counts() {
  let passed = 0;
  let failed = 0;
  for (const file of REPORTS) {
    const c = reportCounts(file);
    if (!c) continue;
    console.log(`  ${path.basename(file)}: ${c.passed} passed, ${c.failed} failed`);
    passed += c.passed;
    failed += c.failed;
  }
  return { passed, failed };
}

/** Each step's wall time, printed at the end and kept in .tmp/test-times.json. */
const times = [];
const started = Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;

function reportTimes() {
  const total = seconds(Date.now() - started);
  const width = Math.max(...times.map((t) => t.step.length));
  console.log('\nstep times:');
  for (const t of times) console.log(`  ${t.step.padEnd(width)}  ${String(t.seconds).padStart(7)} s`);
  console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(7)} s (${(total / 60).toFixed(1)} min)`);
  fs.writeFileSync(TIMES_JSON, `${JSON.stringify({ total, steps: times }, null, 2)}\n`);
}

function finish(code) {
  if (imageBuilder && imageBuilder.exitCode === null) imageBuilder.kill('SIGTERM'); // a step failed first
  reportTimes();
  console.log('\nreports:');
  const { passed, failed } = counts();
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

fs.mkdirSync(TMP, { recursive: true });
for (const file of REPORTS) fs.rmSync(file, { force: true }); // never report numbers from an earlier run
// The servers' shared compile cache (tests/support/server.ts) starts empty: each run has a new build.
fs.rmSync(path.join(TMP, 'compile-cache'), { recursive: true, force: true });

for (const [index, [title, command, args, env]] of steps.entries()) {
  const stepStarted = Date.now();
  const at = times.length; // a step's time goes before the times of the commands it ran side by side
  const timed = () => times.splice(at, 0, { step: title, seconds: seconds(Date.now() - stepStarted) });
  if (typeof command === 'function') {
    console.log(`\n=== [${index + 1}/${steps.length}] ${title} ===\n`);
    const code = await command();
    timed();
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
  timed();
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
