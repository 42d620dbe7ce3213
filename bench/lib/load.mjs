// One load run for bench/scale.bench.mjs: wrk when the machine has it (Debian's `wrk`), else
// autocannon. Both answer the same figures; wrk's CPU seconds too, as it runs in a process of its
// own (autocannon's are this process's).
//
// Why wrk: the generator shares a core with PostgreSQL and the proxy (the replicas have the
// others), and autocannon took 0.28-0.31 ms of CPU per request there, most of that core at 1,700
// creates/s; wrk took 0.13-0.29 ms (runs of 2026-12-01, three replicas at 0.1 core). wrk (C, one
// thread, an event loop) is what HTTP servers are usually measured with; BENCH_LOADGEN=autocannon
// picks autocannon anyway.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cannonOptions } from './cannon.mjs';

export const loadGenerator =
  process.env.BENCH_LOADGEN !== 'autocannon' && fs.existsSync('/usr/bin/wrk') ? 'wrk' : 'autocannon';

/**
 * `request` (bench/lib/cannon.mjs's shape: path or paths, method, headers, body) at `base` with
 * `connections` for `seconds`: requests answered, failed ones (errors, timeouts, non-2xx), latency
 * p50/p99 in ms, and the CPU seconds of the generator's own process (wrk's; 0 for autocannon).
 * With `rate` (requests per second), at about that pace instead of as fast as the server answers:
 * each connection waits `connections / rate` s between its requests, on average.
 */
export async function generateLoad(base, request, { connections, seconds, rate }) {
  if (loadGenerator === 'wrk') return wrk(base, request, connections, seconds, rate);
  const r = await autocannon({
    ...cannonOptions(base, request),
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    total: r.requests.total,
    failed: r.errors + r.timeouts + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    childCpu: 0,
    codes: r.statusCodeStats,
  };
}

/** A Lua string literal. */
const lua = (text) => JSON.stringify(text);

/**
 * wrk's script for `request`: its method, headers and body, a path at random per request, and the
 * wait between two requests of a connection (ms) when there is one.
 */
function scriptOf(request, delayMs) {
  const lines = [`wrk.method = ${lua(request.method ?? 'GET')}`];
  for (const [name, value] of Object.entries(request.headers ?? {}))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (request.body) lines.push(`wrk.body = ${lua(request.body)}`);
  if (request.paths) {
    lines.push(`local paths = { ${request.paths.map(lua).join(', ')} }`);
    lines.push('math.randomseed(os.time())');
    lines.push('request = function() return wrk.format(nil, paths[math.random(#paths)]) end');
  }
  // At random around the wait, so the connections do not send in step, 50 requests at once.
  if (delayMs) lines.push(`delay = function() return math.random(0, ${2 * delayMs}) end`);
  return lines.join('\n');
}

/** A latency of wrk's table ("1.23ms", "850.00us", "1.01s") in ms. */
function ms(text) {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text);
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
}

async function wrk(base, request, connections, seconds, rate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'request.lua');
  fs.writeFileSync(script, scriptOf(request, rate ? Math.round((connections * 1000) / rate) : 0));
  // The shell reads its own stat after waiting for wrk: its children's CPU (cutime, cstime) is wrk's.
  const shell = 'wrk "$@"; code=$?; read -r stat < /proc/$$/stat; echo "STAT $stat"; exit $code';
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, base + request.path];
  const child = spawn('sh', ['-c', shell, 'sh', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => child.once('close', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`wrk exited ${code}: ${out}`);
  const total = Number(/(\d+) requests in/.exec(out)[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const stat = /STAT (.*)/.exec(out)[1];
  // After the ")" closing the name: field 3 (state) onwards; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    total,
    failed: non2xx + errors,
    p50: ms(/ 50%\s+(\S+)/.exec(out)[1]),
    p99: ms(/ 99%\s+(\S+)/.exec(out)[1]),
    childCpu: (Number(fields[13]) + Number(fields[14])) / 100,
    codes: { non2xx, errors },
  };
}
