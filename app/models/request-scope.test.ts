import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMountsFor, createMount } from '~/models/mounts/mounts.server';
import { ADMIN } from '../../tests/support/principals';
import { fsModels, type FsModels } from '../../tests/support/fs-models';
import { inRequestScope, keptForRequest, type Door } from './request-scope.server';

const scope = (door: Door) => ({ requestId: null, address: null, door });

describe('what a request keeps (keptForRequest)', () => {
  it('a WebDAV request reads once; other doors and work outside a request read every time', async () => {
    let loads = 0;
    const load = async () => ++loads;
    await inRequestScope(scope('webdav'), async () => {
      expect([await keptForRequest('x', load), await keptForRequest('x', load)]).toEqual([1, 1]);
      expect(await keptForRequest('y', load)).toBe(2);
    });
    await inRequestScope(scope('webdav'), async () => expect(await keptForRequest('x', load)).toBe(3));
    await inRequestScope(scope('api'), async () => {
      expect([await keptForRequest('x', load), await keptForRequest('x', load)]).toEqual([4, 5]);
    });
    expect(await keptForRequest('x', load)).toBe(6);
  });

  it('a read that failed is read again', async () => {
    let loads = 0;
    const load = async () => {
      if (++loads === 1) throw new Error('database busy');
      return loads;
    };
    await inRequestScope(scope('webdav'), async () => {
      await expect(keptForRequest('x', load)).rejects.toThrow('database busy');
      expect(await keptForRequest('x', load)).toBe(2);
    });
  });

  describe('the mounts', () => {
    let m: FsModels;
    beforeAll(async () => {
      m = await fsModels();
    });
    afterAll(() => m.close());

    it('a mount made meanwhile shows from the next WebDAV request on', async () => {
      const paths = async () => (await activeMountsFor(m.ctx, ADMIN)).map((mount) => mount.mountPath);
      const before = await paths();
      expect(before.length).toBeGreaterThan(0);
      await inRequestScope(scope('webdav'), async () => {
        expect(await paths()).toEqual(before);
        await createMount(m.ctx, ADMIN, {
          name: 'later',
          mount_path: '/later',
          storage_config_id: m.mounts.mem.storageConfigId!,
        });
        // Kept for this request: a WebDAV request never makes one itself.
        expect(await paths()).toEqual(before);
      });
      await inRequestScope(scope('webdav'), async () => expect(await paths()).toContain('/later'));
      expect(await paths()).toContain('/later');
    });
  });
});
