import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * litmus (Debian's package, the WebDAV conformance suite) against /dav on a local-disk mount and on
 * a Swift mount (docs/architecture.md §8): basic, copymove and http must pass whole, props at least
 * 28 of 30, locks whole. The results per suite are printed.
 */
const run = promisify(execFile);
const ADMIN_PASSWORD = 'litmus-admin-password';

interface Summary {
  suite: string;
  run: number;
  passed: number;
}

/** "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%" → per-suite counts. */
function summaries(output: string): Summary[] {
  return [...output.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed/g)].map((m) => ({
    suite: m[1]!,
    run: Number(m[2]),
    passed: Number(m[3]),
  }));
}

describe('WebDAV conformance (litmus)', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer({ adminPassword: ADMIN_PASSWORD });
    bucket = await createTestBucket('litmus');
    await mountDiskAndBucket(call, await adminAuth(call, 'admin', ADMIN_PASSWORD), bucket);
  });

  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  for (const mount of ['disk', 'bucket']) {
    it(`passes litmus on the ${mount} mount`, async () => {
      const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-'));
      try {
        // -k: every suite runs even when one before it failed.
        const { stdout } = await run('litmus', ['-k', `${server.url}/dav/${mount}/`, 'admin', ADMIN_PASSWORD], {
          cwd,
          timeout: 240_000,
        }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
        const results = summaries(stdout);
        console.log(
          `litmus on /dav/${mount}/: ${results.map((r) => `${r.suite} ${r.passed}/${r.run}`).join(', ')}\n` +
            stdout
              .split('\n')
              .filter((line) => /FAIL/.test(line))
              .join('\n'),
        );
        const of = (suite: string) => results.find((r) => r.suite === suite);
        expect(results.map((r) => r.suite)).toEqual(['basic', 'copymove', 'props', 'locks', 'http']);
        for (const suite of ['basic', 'copymove', 'locks', 'http'])
          expect(of(suite)!.passed, suite).toBe(of(suite)!.run);
        expect(of('props')!.passed).toBeGreaterThanOrEqual(28);
      } finally {
        fs.rmSync(cwd, { recursive: true, force: true });
      }
    }, 300_000);
  }
});
