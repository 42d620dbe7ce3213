// `npm run bench`: runs every bench/*.bench.mjs in turn. Each prints its own figures as ratios
// against a baseline it measures in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const benches = fs.existsSync('bench') ? fs.readdirSync('bench').filter((f) => f.endsWith('.bench.mjs')).sort() : [];
if (benches.length === 0) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
