import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRequestScope, type RequestScope } from '~/models/request-scope.server';
import { createPasteSchema } from '~/lib/schemas/pastes';
import { openPastePage } from '~/models/pastes/page-view.server';
import { createPaste, deletePastes } from '~/models/pastes/pastes.server';
import { rawPaste, viewPaste } from '~/models/pastes/reads.server';
import { visitShare } from '~/models/shares/visit/file-access.server';
import { openShareContent } from '~/models/shares/visit/folder-access.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN, keyPrincipal } from '../../../tests/support/principals';
import { ShareStatsRecorder } from './recorder.server';
import { statsWriter, type StatsWriter } from './stats-writer.server';
import { pruneShareStats, shareStats } from './stats.server';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** A request from this browser or bot, linked from the site `from`, as the doors' scope says it. */
const as = <T>(agent: string, run: () => Promise<T>, from: string | null = null) => {
  const scope: RequestScope = {
    requestId: null,
    address: '203.0.113.5',
    door: 'page',
    userAgent: agent,
    referer: from && `https://${from}/thread/1`,
    host: 'share.example',
  };
  return inRequestScope(scope, run);
};

/**
 * Per-share statistics (issue 32, decision 0035) on the real models: views, downloads and bots per
 * day, bots never using up a view, where visitors came from, and the figures pruned with the share.
 */
describe('share statistics', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  const paste = (input: Record<string, unknown>) => createPaste(temp.ctx, ADMIN, createPasteSchema.parse(input));
  const statsOf = (kind: 'paste' | 'file', id: string) => shareStats(temp.ctx, ADMIN, kind, id);
  const viewsStored = async (id: string) => {
    await temp.ctx.pasteViews.flush(); // the views of open pastes are tallied first (paste-views.server.ts)
    return (await temp.ctx.db.paste.findUnique({ where: { id } }))!.views;
  };

  it('counts views and raw reads by day, and where visitors came from', async () => {
    const p = await paste({ content: 'hello', slug: 'stats-open' });
    await as(BROWSER, () => viewPaste(temp.ctx, 'stats-open'), 'chat.example');
    await as(BROWSER, () => viewPaste(temp.ctx, 'stats-open'), 'chat.example');
    await as(BROWSER, () => rawPaste(temp.ctx, 'stats-open', null, '203.0.113.5'), 'forum.example');
    const stats = await statsOf('paste', p.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.days).toHaveLength(14);
    expect(stats.days.at(-1)).toEqual({ day: today, views: 3, downloads: 1, bots: 0 });
    expect(stats.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(stats.totals).toEqual({ views: 3, downloads: 1, bots: 0 });
    expect(stats.referrers).toEqual([
      { host: 'chat.example', visits: 2 },
      { host: 'forum.example', visits: 2 }, // the raw read's view and its download
    ]);
    expect(stats.firstAt!.getTime()).toBeLessThanOrEqual(stats.lastAt!.getTime());
  });

  it('lets a link preview see a paste page without using up a view, counted apart', async () => {
    const p = await paste({ content: 'burn after reading', slug: 'stats-limited', maxViews: 1 });
    const page = await as(SLACK, () => openPastePage(temp.ctx, 'stats-limited', { visit: null, passive: true }));
    expect(page.state).toBe('reveal');
    await expect(as(SLACK, () => rawPaste(temp.ctx, 'stats-limited', null, '203.0.113.5'))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'pasteLimitedForBots',
    });
    expect(await viewsStored(p.id)).toBe(0);
    const open = await paste({ content: 'open', slug: 'stats-bot-raw' });
    const raw = await as(SLACK, () => rawPaste(temp.ctx, 'stats-bot-raw', null, '203.0.113.5'));
    expect(raw.content).toBe('open');
    expect(await viewsStored(open.id)).toBe(0);
    expect((await statsOf('paste', p.id)).totals).toEqual({ views: 0, downloads: 0, bots: 2 });
    expect((await statsOf('paste', open.id)).totals).toEqual({ views: 0, downloads: 0, bots: 1 });
  });

  it('counts a file page’s views and downloads, a bot’s look apart and without a view', async () => {
    const file = await uploadFileShare(temp.ctx, ADMIN, {
      filename: 'a.txt',
      body: Readable.from([Buffer.from('abc')]),
      size: 3,
      sizeIsExact: true,
      options: { slug: 'stats-file', max_views: 5 },
    });
    await as(SLACK, () => visitShare(temp.ctx, 'stats-file', { passive: true }));
    const visit = await as(BROWSER, () => visitShare(temp.ctx, 'stats-file', {}));
    // The visit's grant opens its content without counting again (issue 42, item 7).
    const grants = [visit.locked ? null : visit.grant];
    await as(BROWSER, () => openShareContent(temp.ctx, 'stats-file', null, { grants }, '203.0.113.5', 'attachment'));
    // A link preview never spends a view: a share whose view limit binds its bytes refuses it.
    await expect(
      as(SLACK, () => openShareContent(temp.ctx, 'stats-file', null, { passive: true }, '203.0.113.5', 'attachment')),
    ).rejects.toMatchObject({ messageKey: 'fileLimitedForBots' });
    await as(BROWSER, () => openShareContent(temp.ctx, 'stats-file', null, { grants }, '203.0.113.5', 'inline'));
    expect((await temp.ctx.db.fileShare.findUnique({ where: { id: file.id } }))!.views).toBe(1);
    expect((await statsOf('file', file.id)).totals).toEqual({ views: 1, downloads: 1, bots: 1 });
  });

  it('shows a share’s figures to its owner only', async () => {
    const p = await paste({ content: 'mine', slug: 'stats-owner' });
    await expect(shareStats(temp.ctx, keyPrincipal('other'), 'paste', p.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('keeps counts a failed write could not store, and adds them with the next flush', async () => {
    const p = await paste({ content: 'x', slug: 'stats-retry' });
    // The flush writes the days' rows, then the referrers': the referrers' write fails once.
    const real = statsWriter(temp.ctx.sql, temp.ctx.pg);
    let failures = 0;
    const writer: StatsWriter = {
      days: real.days,
      hosts: (rows) => (++failures === 1 ? Promise.reject(new Error('database is locked')) : real.hosts(rows)),
    };
    const warnings: string[] = [];
    const recorder = new ShareStatsRecorder(writer, {
      warn: (_o: unknown, m: string) => warnings.push(m),
    } as never);
    recorder.add('paste', p.id, 'view', 'chat.example');
    await recorder.flush();
    expect(warnings).toHaveLength(1);
    // The days' rows were written; the referrers' wait for the next flush.
    expect((await statsOf('paste', p.id)).totals).toEqual({ views: 1, downloads: 0, bots: 0 });
    expect((await statsOf('paste', p.id)).referrers).toEqual([]);
    recorder.add('paste', p.id, 'download', null);
    await recorder.close();
    const stats = await statsOf('paste', p.id);
    expect(stats.totals).toEqual({ views: 1, downloads: 1, bots: 0 });
    expect(stats.referrers).toEqual([{ host: 'chat.example', visits: 1 }]);
  });

  it('writes the figures in the order of their keys, whatever order the visits came in', async () => {
    const days: string[] = [];
    const hosts: string[] = [];
    const writer: StatsWriter = {
      days: async (rows) => void days.push(...rows.map((r) => `${r.shareId} ${r.day}`)),
      hosts: async (rows) => void hosts.push(...rows.map((r) => `${r.shareId} ${r.host}`)),
    };
    const recorder = new ShareStatsRecorder(writer, temp.ctx.log);
    const today = Date.UTC(2026, 11, 2, 12);
    for (const [id, at, from] of [
      ['s-9', today, 'b.example'],
      ['s-10', today - 86_400_000, 'a.example'],
      ['s-1', today, 'b.example'],
      ['s-10', today, 'a.example'],
    ] as const)
      recorder.add('paste', id, 'view', from, at);
    await recorder.close();
    expect(days).toEqual(['s-1 2026-12-02', 's-10 2026-12-01', 's-10 2026-12-02', 's-9 2026-12-02']);
    expect(hosts).toEqual(['s-1 b.example', 's-10 a.example', 's-9 b.example']);
  });

  it('puts accesses on either side of midnight (UTC) on their own days, with their first and last times', async () => {
    const p = await paste({ content: 'x', slug: 'stats-midnight' });
    const midnight = Date.UTC(2026, 11, 2);
    const recorder = new ShareStatsRecorder(statsWriter(temp.ctx.sql, temp.ctx.pg), temp.ctx.log);
    for (const at of [midnight - 2000, midnight - 1000, midnight, midnight + 5000])
      recorder.add('paste', p.id, 'view', null, at);
    await recorder.close();
    const stats = await shareStats(temp.ctx, ADMIN, 'paste', p.id, new Date(midnight + 60_000));
    expect(stats.days.slice(-2)).toEqual([
      { day: '2026-12-01', views: 2, downloads: 0, bots: 0 },
      { day: '2026-12-02', views: 2, downloads: 0, bots: 0 },
    ]);
    expect([stats.firstAt!.getTime(), stats.lastAt!.getTime()]).toEqual([midnight - 2000, midnight + 5000]);
  });

  it('forgets the figures of shares that are gone', async () => {
    const p = await paste({ content: 'short-lived', slug: 'stats-gone' });
    await as(BROWSER, () => viewPaste(temp.ctx, 'stats-gone'), 'chat.example');
    await statsOf('paste', p.id); // written
    await deletePastes(temp.ctx, ADMIN, [p.id]);
    expect(await pruneShareStats(temp.ctx)).toBe(2); // its day and its referrer
    expect(await temp.ctx.db.shareStat.count({ where: { shareId: p.id } })).toBe(0);
    expect(await temp.ctx.db.shareStat.count()).toBeGreaterThan(0); // the others stay
  });

  it('prunes a slice of shares at a time, a share whose days go on into the next slice included', async () => {
    const pastes = await Promise.all(['a', 'b', 'c'].map((x) => paste({ content: x, slug: `stats-slices-${x}` })));
    const recorder = new ShareStatsRecorder(statsWriter(temp.ctx.sql, temp.ctx.pg), temp.ctx.log);
    // Three days each: a slice of two rows ends in the middle of a share's days.
    for (const p of pastes)
      for (const day of [0, 1, 2]) recorder.add('paste', p.id, 'view', null, Date.now() - day * 86_400_000);
    await recorder.close();
    const ids = pastes.map((p) => p.id);
    const rowsOf = () => temp.ctx.db.shareStat.count({ where: { shareId: { in: ids } } });
    expect(await rowsOf()).toBe(9);
    const [kept, ...gone] = [...ids].sort();
    await deletePastes(temp.ctx, ADMIN, gone);
    expect(await pruneShareStats(temp.ctx, 2)).toBe(6);
    expect(
      await temp.ctx.db.shareStat.findMany({ where: { shareId: { in: ids } }, select: { shareId: true } }),
    ).toEqual([kept, kept, kept].map((shareId) => ({ shareId })));
  });
});
