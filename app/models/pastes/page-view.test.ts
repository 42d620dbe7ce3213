import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN, keyPrincipal } from '../../../tests/support/principals';
import { Permission } from '~/lib/permissions';
import { openPastePage, revealPaste, unlockPastePage } from './page-view.server';
import { createPaste, getPasteForOwner, updatePaste } from './pastes.server';
import { issueVisit, visitCovers, VISIT_TTL_MS } from './visits.server';

const NO_VISIT = { visit: null, passive: false };

/** The paste page's view rules on a real temp SQLite file (docs/architecture.md §13). */
describe('paste page views', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  const views = async (id: string) => (await getPasteForOwner(temp.ctx, ADMIN, { id })).views;

  it('puts a view-limited paste behind a reveal that counts once per visit', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'limited', maxViews: 3 });
    const page = await openPastePage(temp.ctx, made.slug, NO_VISIT);
    expect(page.state).toBe('reveal');
    expect(page.paste.content).toBe('');
    expect(await views(made.id)).toBe(0);

    const revealed = await revealPaste(temp.ctx, made.slug, null);
    expect(revealed.paste.content).toBe('limited');
    expect(revealed.visit).toMatch(/^\d+\.[\w-]+$/);
    expect(await views(made.id)).toBe(1);
    // The visit opens the page and the reveal again without counting.
    const again = await openPastePage(temp.ctx, made.slug, { visit: revealed.visit, passive: false });
    expect(again.state === 'shown' && again.paste.content).toBe('limited');
    await revealPaste(temp.ctx, made.slug, revealed.visit);
    expect(await views(made.id)).toBe(1);
  });

  it('shows its owner (or an admin) a paste at once, behind no password or reveal, and never counts it (issue 42, item 3)', async () => {
    const owner = keyPrincipal('paste-owner', Permission.TEXT);
    const once = await createPaste(temp.ctx, owner, { content: 'burn after reading', maxViews: 1, password: 'pw' });
    for (const viewer of [owner, ADMIN]) {
      const page = await openPastePage(temp.ctx, once.slug, { ...NO_VISIT, viewer });
      expect(page.state === 'shown' && page.paste.content).toBe('burn after reading');
    }
    expect(await views(once.id)).toBe(0);
    // Another key is a visitor like any other.
    const other = await openPastePage(temp.ctx, once.slug, {
      ...NO_VISIT,
      viewer: keyPrincipal('other', Permission.TEXT),
    });
    expect(other.state).toBe('locked');
  });

  it('never counts a passive read, and shows it only what a reveal would not protect', async () => {
    const open = await createPaste(temp.ctx, ADMIN, { content: 'open' });
    const seen = await openPastePage(temp.ctx, open.slug, { visit: null, passive: true });
    expect(seen.state === 'shown' && seen.paste.content).toBe('open');
    expect(seen.state === 'shown' && seen.visit).toBe(null);
    expect(await views(open.id)).toBe(0);
    const counted = await openPastePage(temp.ctx, open.slug, NO_VISIT);
    expect(counted.state === 'shown' && counted.visit).toBeTruthy();
    expect(await views(open.id)).toBe(1);

    const limited = await createPaste(temp.ctx, ADMIN, { content: 'limited', maxViews: 1 });
    expect((await openPastePage(temp.ctx, limited.slug, { visit: null, passive: true })).state).toBe('reveal');
  });

  it('keeps an unlocked paste open for the visit, and an edit ends the visit', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'locked', password: 'pw' });
    expect((await openPastePage(temp.ctx, made.slug, NO_VISIT)).state).toBe('locked');
    expect((await rejection(revealPaste(temp.ctx, made.slug, null))).kind).toBe('unauthenticated');
    const unlocked = await unlockPastePage(temp.ctx, made.slug, 'pw', '127.0.0.1');
    const back = await openPastePage(temp.ctx, made.slug, { visit: unlocked.visit, passive: false });
    expect(back.state === 'shown' && back.paste.content).toBe('locked');
    expect(await views(made.id)).toBe(1);

    await updatePaste(temp.ctx, ADMIN, made.slug, { content: 'locked', password: 'pw2' });
    expect((await openPastePage(temp.ctx, made.slug, { visit: unlocked.visit, passive: false })).state).toBe('locked');
  });

  it('issues no visit for the last view: the paste is gone', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'once', maxViews: 1 });
    const last = await revealPaste(temp.ctx, made.slug, null);
    expect(last.paste.isLastView).toBe(true);
    expect(last.visit).toBe(null);
    expect((await rejection(openPastePage(temp.ctx, made.slug, NO_VISIT))).kind).toBe('gone');
  });
});

describe('visit tokens', () => {
  const key = Buffer.alloc(32, 7);
  const paste = { id: 'p1', updatedAt: new Date('2026-11-26T00:00:00Z') };
  const now = Date.UTC(2026, 10, 26, 1);
  const token = issueVisit(key, paste, now);

  it('cover the paste they were issued for until they run out', () => {
    expect(visitCovers(key, token, paste, now)).toBe(true);
    expect(visitCovers(key, token, paste, now + VISIT_TTL_MS - 1)).toBe(true);
    expect(visitCovers(key, token, paste, now + VISIT_TTL_MS)).toBe(false);
  });

  it('cover no other paste, version, key, or a forged or stretched expiry', () => {
    expect(visitCovers(key, token, { ...paste, id: 'p2' }, now)).toBe(false);
    expect(visitCovers(key, token, { ...paste, updatedAt: new Date(paste.updatedAt.getTime() + 1) }, now)).toBe(false);
    expect(visitCovers(Buffer.alloc(32, 8), token, paste, now)).toBe(false);
    const [until, mac] = token.split('.');
    expect(visitCovers(key, `${Number(until) + 1000}.${mac}`, paste, now)).toBe(false);
    expect(visitCovers(key, `${until}.${mac!.slice(0, -2)}`, paste, now)).toBe(false);
    for (const bad of [null, '', 'x', '.', `${until}.`, `abc.${mac}`])
      expect(visitCovers(key, bad, paste, now)).toBe(false);
  });
});
