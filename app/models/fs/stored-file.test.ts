import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, type FsModels } from '../../../tests/support/fs-models';
import { openFsDownload } from './browse.server';

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

/**
 * A download is described by the read that sends it (docs/decisions/0049-downloads-without-stat.md):
 * one storage request for a whole file, a stat first only where the size must be known before.
 */
describe('openFsDownload', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    await m.memory.write('notes/a.txt', Readable.from([Buffer.from('hello')]));
  });
  afterAll(() => m.close());

  it('reads a file in one request, described as its stat describes it', async () => {
    const info = await m.memory.stat('notes/a.txt');
    const stat = vi.spyOn(m.memory, 'stat');
    const read = vi.spyOn(m.memory, 'read');
    try {
      const { file, object } = await (await openFsDownload(m.ctx, ADMIN, '/mem/notes/a.txt')).read();
      expect(read).toHaveBeenCalledTimes(1);
      expect(stat).not.toHaveBeenCalled();
      expect(file).toEqual({ filename: 'a.txt', mimetype: 'text/plain', size: 5, etag: info!.etag });
      expect(await text(object.stream)).toBe('hello');
      // A range the caller can state without the size (WebDAV's GET) is one request too.
      const part = await (await openFsDownload(m.ctx, ADMIN, '/mem/notes/a.txt')).read({ start: 1, end: 3 });
      expect(await text(part.object.stream)).toBe('ell');
      expect(read).toHaveBeenCalledTimes(2);
      expect(stat).not.toHaveBeenCalled();
    } finally {
      stat.mockRestore();
      read.mockRestore();
    }
  });

  it('describes a file by its stat where a range needs its size first', async () => {
    const described = await (await openFsDownload(m.ctx, ADMIN, '/mem/notes/a.txt')).describe();
    expect(described.file).toMatchObject({ size: 5, filename: 'a.txt' });
    const part = await described.read({ start: 1, end: 3 });
    expect(part.range).toEqual({ start: 1, end: 3 });
    expect(await text(part.stream)).toBe('ell');
  });

  it('answers 404 fsNotFound for a missing file either way, and 400 for a folder', async () => {
    const missing = await openFsDownload(m.ctx, ADMIN, '/mem/notes/gone.txt');
    expect(await outcome(missing.read())).toBe('not_found:fsNotFound');
    expect(await outcome(missing.describe())).toBe('not_found:fsNotFound');
    // A folder's name read as a file is not there either, on a store that has folders as prefixes.
    expect(await outcome((await openFsDownload(m.ctx, ADMIN, '/mem/notes')).read())).toBe('not_found:fsNotFound');
    expect(await outcome(openFsDownload(m.ctx, ADMIN, '/mem/notes/'))).toBe('invalid:fsNotAFile');
  });
});
