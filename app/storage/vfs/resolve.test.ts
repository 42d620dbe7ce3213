import { describe, expect, it } from 'vitest';
import { resolveMount, virtualChildren } from './resolve';

const mounts = [
  { mountPath: '/photos' },
  { mountPath: '/team/docs' },
  { mountPath: '/team/docs/archive' },
  { mountPath: '/team/share' },
];

describe('resolveMount', () => {
  it('picks the longest mount by segment and gives the key under it', () => {
    expect(resolveMount('/photos', mounts)).toEqual({ mount: mounts[0], key: '' });
    expect(resolveMount('/photos/2024/a.jpg', mounts)).toEqual({ mount: mounts[0], key: '2024/a.jpg' });
    expect(resolveMount('/team/docs/archive/old.txt', mounts)?.mount).toBe(mounts[2]);
    expect(resolveMount('/team/docs/a.txt', mounts)).toEqual({ mount: mounts[1], key: 'a.txt' });
  });

  it('finds nothing above mounts or beside them', () => {
    expect(resolveMount('/', mounts)).toBeNull();
    expect(resolveMount('/team', mounts)).toBeNull();
    expect(resolveMount('/photosphere', mounts)).toBeNull();
  });
});

describe('virtualChildren', () => {
  it('lists the next segment of every mount below a virtual folder', () => {
    expect(virtualChildren('/', mounts)).toEqual([
      { name: 'photos', mount: mounts[0] },
      { name: 'team', mount: null },
    ]);
    expect(virtualChildren('/team', mounts)).toEqual([
      { name: 'docs', mount: mounts[1] },
      { name: 'share', mount: mounts[3] },
    ]);
    expect(virtualChildren('/nothing', mounts)).toBeNull();
  });
});
