import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * ssh2's ciphers are a native addon built for one Node. Installed on an older Node, it did not load
 * on Node 24 and ssh2 fell back to JavaScript ciphers: SFTP storages read at 0.45 of rclone's
 * speed instead of 0.7. scripts/node24.mjs rebuilds it (docs/decisions/0022-node-24-main-runtime.md).
 */
describe('SFTP ciphers', () => {
  it("ssh2's native crypto loads on the Node the app runs on", () => {
    const crypto = createRequire(import.meta.url)('ssh2/lib/protocol/crypto') as { bindingAvailable: boolean };
    expect(crypto.bindingAvailable).toBe(true);
  });
});
