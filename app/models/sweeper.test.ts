import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/client.server';
import { tempModelContext, type TempContext } from '../../tests/support/model-context';
import { isGone } from '~/models/gone.server';
import { sweepOnce } from './sweeper.server';

describe('sweeper', () => {
  let temp: TempContext;
  let db: Db;
  beforeAll(async () => {
    temp = await tempModelContext();
    db = temp.ctx.db;
  });
  afterAll(() => temp.close());

  it('deletes expired pastes (remembering them as gone) and expired sessions, and keeps the rest', async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 3600_000);
    await db.paste.createMany({
      data: [
        { id: 'p1', slug: 'old', content: 'x', expiresAt: past },
        { id: 'p2', slug: 'fresh', content: 'x', expiresAt: future },
        { id: 'p3', slug: 'forever', content: 'x' },
      ],
    });
    await db.admin.create({ data: { id: 'a', username: 'a', passwordHash: 'scrypt$x' } });
    await db.session.createMany({
      data: [
        { tokenHash: 't1', kind: 'admin', adminId: 'a', expiresAt: past },
        { tokenHash: 't2', kind: 'admin', adminId: 'a', expiresAt: future },
      ],
    });
    await db.goneShare.create({
      data: { kind: 'paste', slug: 'ancient', goneAt: new Date(Date.now() - 31 * 86_400_000) },
    });

    expect(await sweepOnce(temp.ctx)).toEqual({
      pastes: 1,
      files: 0,
      sessions: 1,
      uploads: 0,
      tempFiles: 0,
      sharesMoved: 0,
    });
    expect((await db.paste.findMany({ orderBy: { slug: 'asc' } })).map((p) => p.slug)).toEqual(['forever', 'fresh']);
    expect((await db.session.findMany()).map((s) => s.tokenHash)).toEqual(['t2']);
    expect(await isGone(temp.ctx, 'paste', 'old')).toBe(true);
    expect(await isGone(temp.ctx, 'paste', 'ancient')).toBe(false);
    expect(await sweepOnce(temp.ctx)).toEqual({
      pastes: 0,
      files: 0,
      sessions: 0,
      uploads: 0,
      tempFiles: 0,
      sharesMoved: 0,
    });
  });

  it('removes temp files a killed process left in local storage, and keeps fresh ones', async () => {
    const tmpDir = path.join(temp.dir, 'storage', '.cloudclip-tmp');
    fs.mkdirSync(tmpDir, { recursive: true });
    const left = path.join(tmpDir, 'left-by-kill-9');
    const live = path.join(tmpDir, 'being-written');
    fs.writeFileSync(left, 'half');
    fs.writeFileSync(live, 'still going');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(left, twoHoursAgo, twoHoursAgo);
    expect((await sweepOnce(temp.ctx)).tempFiles).toBe(1);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  });
});
