// `npm run bench`: runs every bench/*.bench.mjs in turn. Each prints its own figures as ratios
// against a baseline it measures in the same run. A benchmark that fails does not hide the others:
// they all run, and the exit code says whether any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const benches = fs.existsSync('bench')
  ? fs
      .readdirSync('bench')
      .filter((f) => f.endsWith('.bench.mjs'))
      .sort()
  : [];
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
const failed = [];
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nBenchmarks that failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
