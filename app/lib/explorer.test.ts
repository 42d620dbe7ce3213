import { describe, expect, it } from 'vitest';
import {
  crumbsOf,
  explorerHref,
  packEntries,
  pathOfSplat,
  prefsOf,
  sortEntries,
  sortQueryOf,
  tasksEndedSince,
  type ExplorerEntry,
  type TaskView,
  unpackEntries,
} from './explorer';

const entry = (name: string, extra: Partial<ExplorerEntry> = {}): ExplorerEntry => ({
  name,
  path: `/m/${name}`,
  isDirectory: false,
  isMount: false,
  size: 0,
  modified: null,
  mimetype: 'application/octet-stream',
  ...extra,
});

describe('explorer helpers', () => {
  it('turns splats into virtual paths and back into URLs, encoding each segment', () => {
    expect(pathOfSplat(undefined)).toBe('/');
    expect(pathOfSplat('team/docs/')).toBe('/team/docs');
    expect(explorerHref('/')).toBe('/mount-explorer');
    expect(explorerHref('/team/a b#1', { preview: 'x?.png', do: null })).toBe(
      '/mount-explorer/team/a%20b%231?preview=x%3F.png',
    );
    expect(explorerHref('/t', { name: ['a', 'b'] })).toBe('/mount-explorer/t?name=a&name=b');
    expect(crumbsOf('/team/docs')).toEqual([
      { name: 'team', path: '/team' },
      { name: 'docs', path: '/team/docs' },
    ]);
  });

  it('sends a listing as one string and reads it back whole, whatever the names hold', () => {
    const modified = Date.UTC(2026, 11, 1, 12, 30);
    const packed = packEntries([
      ['a b#1%?.txt', 0, 12, modified],
      ['文件 (1).png', 0, 0, null],
      ['', 0, 5, 1],
      ['docs', 1, 0, null],
      ['team', 2, 0, null],
    ]);
    expect(typeof packed).toBe('string');
    const entries = unpackEntries('/m', packed);
    expect(entries.map((e) => [e.name, e.path, e.isDirectory, e.isMount, e.size, e.modified, e.mimetype])).toEqual([
      ['a b#1%?.txt', '/m/a b#1%?.txt', false, false, 12, '2026-12-01T12:30:00.000Z', 'text/plain'],
      ['文件 (1).png', '/m/文件 (1).png', false, false, 0, null, 'image/png'],
      ['', '/m/', false, false, 5, '1970-01-01T00:00:00.001Z', 'application/octet-stream'],
      ['docs', '/m/docs', true, false, 0, null, ''],
      ['team', '/m/team', true, true, 0, null, ''],
    ]);
    expect(unpackEntries('/', packEntries([]))).toEqual([]);
    expect(unpackEntries('/', packEntries([['x', 0, 1, null]]))[0]!.path).toBe('/x');
  });

  it('clamps preferences and falls back on nonsense', () => {
    expect(prefsOf({ view: 'gallery', columns: '99', gapX: '-3', imagesOnly: 'on', sort: 'evil' })).toEqual({
      view: 'gallery',
      sort: 'name',
      order: 'asc',
      columns: 8,
      gapX: 0,
      gapY: 12,
      imagesOnly: true,
    });
    expect(prefsOf(null).view).toBe('list');
  });

  it('sorts folders first, then by the chosen key with the name as tie-break', () => {
    const list = [
      entry('b.txt', { size: 5, modified: '2026-01-02' }),
      entry('a.png', { size: 9, modified: '2026-01-01' }),
      entry('z', { isDirectory: true }),
      entry('file10.txt', { size: 5 }),
      entry('file9.txt', { size: 5 }),
    ];
    expect(sortEntries(list, 'name').map((e) => e.name)).toEqual(['z', 'a.png', 'b.txt', 'file9.txt', 'file10.txt']);
    expect(sortEntries(list, 'size').map((e) => e.name)).toEqual(['z', 'a.png', 'b.txt', 'file9.txt', 'file10.txt']);
    expect(sortEntries(list, 'date').map((e) => e.name)[1]).toBe('b.txt');
    expect(sortEntries(list, 'type').map((e) => e.name)[1]).toBe('a.png');
    // Either way round, folders stay first and equal keys keep their names A→Z.
    expect(sortEntries(list, 'size', 'asc').map((e) => e.name)).toEqual([
      'z',
      'b.txt',
      'file9.txt',
      'file10.txt',
      'a.png',
    ]);
    expect(sortEntries(list, 'name', 'desc').map((e) => e.name)).toEqual([
      'z',
      'file10.txt',
      'file9.txt',
      'b.txt',
      'a.png',
    ]);
  });

  it('column headers flip the current key and start another in its own order', () => {
    expect(sortQueryOf({ sort: 'name', order: 'asc' }, 'name')).toBe('?sort=name&order=desc');
    expect(sortQueryOf({ sort: 'name', order: 'asc' }, 'size')).toBe('?sort=size&order=desc');
    expect(sortQueryOf({ sort: 'size', order: 'desc' }, 'size')).toBe('?sort=size&order=asc');
    expect(prefsOf({ sort: 'date' }).order).toBe('desc');
    expect(prefsOf({ sort: 'date', order: 'asc' }).order).toBe('asc');
  });
});

describe('tasksEndedSince', () => {
  const task = (id: string, status: TaskView['status']) => ({ id, status });
  it('names the tasks seen running that have ended, and none on the first look', () => {
    const now = [task('a', 'completed'), task('b', 'running'), task('c', 'failed'), task('d', 'completed')];
    expect(tasksEndedSince(null, now)).toEqual([]);
    expect(tasksEndedSince(new Set(['a', 'b', 'c']), now).map((t) => t.id)).toEqual(['a', 'c']);
    expect(tasksEndedSince(new Set(['b']), now)).toEqual([]);
  });
});
