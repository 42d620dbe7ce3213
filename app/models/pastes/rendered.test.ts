import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN } from '../../../tests/support/principals';
import { MARKDOWN_RENDERER_VERSION } from '~/lib/markdown';
import { openPastePage, revealPaste } from './page-view.server';
import { createPaste, updatePaste } from './pastes.server';
import { withHtml } from './rendered.server';

const NO_VISIT = { visit: null, passive: false };

/** A paste's Markdown rendered once and kept with the renderer's version (rendered.server.ts). */
describe('rendered pastes', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());
  const row = (id: string) => temp.ctx.db.paste.findUniqueOrThrow({ where: { id } });
  const shownHtml = async (slug: string) => {
    const page = await openPastePage(temp.ctx, slug, NO_VISIT);
    if (page.state !== 'shown') throw new Error(`not shown: ${page.state}`);
    return page.paste.html;
  };

  it('renders on the first view, keeps it, and serves what it kept', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: '# Title\n\n*soft*' });
    expect((await row(made.id)).html).toBeNull(); // creating renders nothing
    expect(await shownHtml(made.slug)).toBe('<h1>Title</h1>\n<p><em>soft</em></p>');
    const kept = await row(made.id);
    expect(kept.html).toBe('<h1>Title</h1>\n<p><em>soft</em></p>');
    expect(kept.htmlVersion).toBe(MARKDOWN_RENDERER_VERSION);
    // The next view takes the kept HTML as it is, without rendering again.
    await temp.ctx.db.paste.update({ where: { id: made.id }, data: { html: '<p>kept</p>' } });
    expect(await shownHtml(made.slug)).toBe('<p>kept</p>');
  });

  it('renders again what an older renderer made', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'new **renderer**' });
    await temp.ctx.db.paste.update({
      where: { id: made.id },
      data: { html: '<p>by the old renderer</p>', htmlVersion: MARKDOWN_RENDERER_VERSION - 1 },
    });
    expect(await shownHtml(made.slug)).toBe('<p>new <strong>renderer</strong></p>');
    expect(await row(made.id)).toMatchObject({
      html: '<p>new <strong>renderer</strong></p>',
      htmlVersion: MARKDOWN_RENDERER_VERSION,
    });
  });

  it('forgets the HTML on an edit and renders the new content', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'before' });
    expect(await shownHtml(made.slug)).toBe('<p>before</p>');
    await updatePaste(temp.ctx, ADMIN, made.slug, { content: 'after' });
    expect((await row(made.id)).html).toBeNull();
    expect(await shownHtml(made.slug)).toBe('<p>after</p>');
  });

  it('renders a revealed view-limited paste and its last view, which keeps nothing', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: '_twice_', maxViews: 2 });
    const first = await revealPaste(temp.ctx, made.slug, null);
    expect(first.paste.html).toBe('<p><em>twice</em></p>');
    expect((await row(made.id)).html).toBe('<p><em>twice</em></p>');
    const last = await revealPaste(temp.ctx, made.slug, null);
    expect(last.paste).toMatchObject({ isLastView: true, html: '<p><em>twice</em></p>' });
    expect(await temp.ctx.db.paste.findUnique({ where: { id: made.id } })).toBeNull();
  });

  it('keeps HTML only for the content it was rendered from', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'v1' });
    // An edit lands between a view's read and its write: the write of the old HTML misses.
    await temp.ctx.db.paste.update({ where: { id: made.id }, data: { content: 'v2' } });
    const stale = { ...(await row(made.id)), content: 'v1', hasPassword: false, isLastView: false, html: null };
    expect((await withHtml(temp.ctx, stale)).html).toBe('<p>v1</p>');
    expect((await row(made.id)).html).toBeNull();
  });
});
