// `node scripts/node24.mjs COMMAND [ARGS…]`: runs COMMAND with Node 24 first on its PATH, so that it
// and everything it starts (npm, npx, vitest, Playwright's web servers, the app) run on Cloudclip's
// runtime (docs/decisions/0022-node-24-main-runtime.md). `npm start`, `npm test`, `npm run dev` and
// `npm run bench` go through it.
//
// On Node 22 or newer the machine's Node is used as it is. On an older Node (Node 20, which this
// project no longer supports) the newest Node 24 is provisioned once from the npm registry, the
// package `node-<platform>-<arch>` (the official build, as the `node` npm package installs it), into
// node_modules/.cache/node24, the only registry npm install needs anyway; no system package is touched.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.cache/node24');
const MAJOR = Number(process.versions.node.split('.')[0]);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.error?.message || ''}`);
  }
  return result.stdout.trim();
}

/** The bin folder of a Node 24 provisioned earlier, or of one provisioned now. */
function provisionedNodeBin() {
  const current = path.join(CACHE, 'current');
  if (fs.existsSync(path.join(current, 'bin/node'))) return path.join(current, 'bin');
  const pkg = `node-${process.platform}-${process.arch}`;
  const versions = JSON.parse(run('npm', ['view', `${pkg}@24`, 'version', '--json']));
  const version = [versions]
    .flat()
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .at(-1);
  console.error(
    `node24: this is Node ${process.versions.node}; provisioning Node ${version} (${pkg} from the npm registry)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-node24-'));
  try {
    run('npm', ['pack', '--silent', `${pkg}@${version}`], { cwd: work });
    const unpacked = path.join(work, 'node');
    fs.mkdirSync(unpacked);
    run('tar', ['-xzf', path.join(work, `${pkg}-${version}.tgz`), '-C', unpacked, '--strip-components=1']);
    run(path.join(unpacked, 'bin/node'), ['--version']); // it runs on this machine
    fs.mkdirSync(CACHE, { recursive: true });
    // Moved into place whole, then named `current`: an interrupted provisioning leaves nothing half-made.
    const target = path.join(CACHE, version);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(unpacked, target);
    fs.rmSync(current, { force: true });
    fs.symlinkSync(version, current);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return path.join(current, 'bin');
}

/**
 * ssh2's crypto (the SFTP storages' ciphers) and cpu-features are native addons built for one Node
 * only. `npm install` built them for this machine's Node, so on Node 24 ssh2 fell back to its
 * JavaScript ciphers and SFTP ran well below rclone's speed (docs/decisions/0022). They are rebuilt
 * for Node 24, with its own headers, when Node 24 cannot load them (once after each `npm install`).
 * A machine that cannot compile keeps the fallback, which works, only slower; it is not tried again
 * until the addon's build or the Node changes.
 */
function nativeAddonsFor(bin) {
  const node = path.join(bin, 'node');
  const loads = () =>
    spawnSync(node, ['-e', "process.exit(require('ssh2/lib/protocol/crypto').bindingAvailable ? 0 : 1)"], {
      cwd: ROOT,
    }).status === 0;
  const build = path.join(ROOT, 'node_modules/ssh2/lib/protocol/crypto/build/Release/sshcrypto.node');
  // This Node and the addon's build as last checked: unchanged, nothing to ask (no Node started
  // on every `npm start`).
  const state = () => `${fs.realpathSync(node)} ${fs.existsSync(build) ? fs.statSync(build).mtimeMs : 'none'}`;
  const checkedFile = path.join(CACHE, 'native-addons-checked');
  if (fs.existsSync(checkedFile) && fs.readFileSync(checkedFile, 'utf8') === state()) return;
  if (!loads()) {
    console.error("node24: building ssh2's native crypto for Node 24");
    try {
      run('npm', ['rebuild', 'ssh2', 'cpu-features', `--nodedir=${path.dirname(bin)}`], {
        cwd: ROOT,
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      });
    } catch (error) {
      console.error(error.message);
    }
    if (!loads()) console.error('node24: ssh2 keeps its JavaScript ciphers (SFTP is slower)');
  }
  fs.writeFileSync(checkedFile, state());
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node24.mjs COMMAND [ARGS…]');
  process.exit(2);
}
const env = { ...process.env };
if (MAJOR < 22) {
  const bin = provisionedNodeBin();
  nativeAddonsFor(bin);
  env.PATH = `${bin}${path.delimiter}${env.PATH}`;
}
const child = spawn(command, args, { stdio: 'inherit', env });
// Stop signals go on to the command, whose own shutdown decides the exit status.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
