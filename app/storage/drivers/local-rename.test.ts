import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalDriver } from './local.server';

/**
 * A removal prunes folders its last object leaves empty; a write or move into that folder at the
 * same moment must make it again rather than fail (seen in CI: a commit emptied
 * `.cloudclip-pending/` while another upload was being renamed into it).
 */
describe('local driver: a folder pruned between mkdir and rename', () => {
  const roots: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  /** The next rename into `folder` first finds the folder gone, as if a removal had just pruned it. */
  function pruneBeforeNextRename(folder: string) {
    const rename = fsp.rename;
    let pruned = false;
    return vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      if (!pruned && path.dirname(String(to)) === folder) {
        pruned = true;
        await fsp.rm(folder, { recursive: true, force: true });
      }
      return rename(from, to);
    });
  }

  function driver() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-rename-'));
    roots.push(root);
    return { root, local: new LocalDriver({ root, configId: 'c', signingKey: Buffer.alloc(32) }) };
  }

  it('a write lands although its folder went away in between', async () => {
    const { root, local } = driver();
    const spy = pruneBeforeNextRename(path.join(root, 'inbox'));
    await local.write('inbox/a.txt', Readable.from([Buffer.from('hello')]));
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2); // the first rename failed and was retried
    expect(fs.readFileSync(path.join(root, 'inbox/a.txt'), 'utf8')).toBe('hello');
  });

  it('a move lands although its target folder went away in between', async () => {
    const { root, local } = driver();
    await local.write('from/a.txt', Readable.from([Buffer.from('moved')]));
    const spy = pruneBeforeNextRename(path.join(root, 'to'));
    await local.move('from/a.txt', 'to/a.txt');
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(fs.readFileSync(path.join(root, 'to/a.txt'), 'utf8')).toBe('moved');
    expect(fs.existsSync(path.join(root, 'from'))).toBe(false);
  });
});
