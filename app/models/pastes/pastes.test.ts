import type { AppError } from '~/lib/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN, ANONYMOUS, keyPrincipal } from '../../../tests/support/principals';
import { createPaste, deletePastes, getPasteForOwner, updatePaste } from './pastes.server';
import { unlockPaste, viewPaste } from './reads.server';
import { openPastePage, unlockPastePage } from './page-view.server';
import { checkPasteKey, sealPaste, sealedHeaderOf } from '~/lib/e2e/paste';

/** The paste model called directly on a real temp SQLite file: every rule without a server. */
describe('pastes model', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext({ PASSWORD_RATE_LIMIT: '3/600' });
  });
  afterAll(() => temp.close());

  it('needs the text permission to create: 401 for nobody, 403 for a key without it', async () => {
    expect((await rejection(createPaste(temp.ctx, ANONYMOUS, { content: 'x' }))).kind).toBe('unauthenticated');
    const fileOnly = keyPrincipal('k-file', Permission.FILE_SHARE);
    expect((await rejection(createPaste(temp.ctx, fileOnly, { content: 'x' }))).kind).toBe('forbidden');
    const made = await createPaste(temp.ctx, keyPrincipal('k-text', Permission.TEXT), { content: 'ok' });
    expect(made.createdBy).toBe('apikey:k-text');
  });

  it('returns records without the password hash or ciphertext', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'secret', password: 'pw' });
    expect(made.hasPassword).toBe(true);
    expect(Object.keys(made).some((key) => /hash|passwordEnc/i.test(key))).toBe(false);
  });

  it('creates in one statement a row Prisma reads back as it was made, and refuses a taken slug', async () => {
    const expiresAt = '2031-02-03T04:05:06.789Z';
    const made = await createPaste(temp.ctx, ADMIN, {
      content: 'one statement',
      remark: 'note',
      slug: 'one-statement',
      password: 'pw',
      expiresAt,
      maxViews: 5,
    });
    const row = await temp.ctx.db.paste.findUniqueOrThrow({ where: { slug: 'one-statement' } });
    expect(row).toMatchObject({
      id: made.id,
      content: 'one statement',
      remark: 'note',
      expiresAt: new Date(expiresAt),
      maxViews: 5,
      views: 0,
      createdBy: made.createdBy,
      createdAt: made.createdAt,
      updatedAt: made.updatedAt,
      html: null,
    });
    expect(row.passwordHash).toMatch(/^scrypt/);
    expect(made.expiresAt).toEqual(new Date(expiresAt));
    const taken = await rejection(createPaste(temp.ctx, ADMIN, { content: 'again', slug: 'one-statement' }));
    expect([taken.kind, taken.messageKey]).toEqual(['conflict', 'slugTaken']);
    expect(await temp.ctx.db.paste.count({ where: { content: 'again' } })).toBe(0);
  });

  it('counts views and answers 410 after the last one', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'twice', maxViews: 2 });
    const first = await viewPaste(temp.ctx, made.slug);
    const second = await viewPaste(temp.ctx, made.slug);
    expect([first.locked, second.locked]).toEqual([false, false]);
    expect(second.locked === false && second.paste.isLastView).toBe(true);
    expect((await rejection(viewPaste(temp.ctx, made.slug))).kind).toBe('gone');
  });

  it('limits wrong passwords per address', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'locked', password: 'right' });
    for (let i = 0; i < 3; i++) {
      expect((await rejection(unlockPaste(temp.ctx, made.slug, 'wrong', '192.0.2.7'))).kind).toBe('unauthenticated');
    }
    // The limit is reached: even the right password waits now, from that address only.
    expect((await rejection(unlockPaste(temp.ctx, made.slug, 'right', '192.0.2.7'))).kind).toBe('rate_limited');
    expect((await unlockPaste(temp.ctx, made.slug, 'right', '192.0.2.8')).content).toBe('locked');
  });

  it('holds the password limit for concurrent guesses at one share', async () => {
    const made = await createPaste(temp.ctx, ADMIN, { content: 'guarded', password: 'right' });
    const kinds = await Promise.all(
      Array.from({ length: 60 }, () =>
        unlockPaste(temp.ctx, made.slug, 'wrong', '198.51.100.4').then(
          () => 'opened',
          (error: AppError) => error.kind,
        ),
      ),
    );
    // The limit is 3 (tempModelContext above): only 3 guesses were ever checked.
    expect(kinds.filter((kind) => kind === 'unauthenticated')).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'rate_limited')).toHaveLength(57);
  });

  it('lets only the owner or an admin manage a paste, and never hints that it exists', async () => {
    const owner = keyPrincipal('k-owner', Permission.TEXT);
    const other = keyPrincipal('k-other', Permission.TEXT);
    const made = await createPaste(temp.ctx, owner, { content: 'mine' });
    expect((await rejection(getPasteForOwner(temp.ctx, other, { id: made.id }))).kind).toBe('not_found');
    expect((await rejection(updatePaste(temp.ctx, other, made.slug, { content: 'theirs' }))).kind).toBe('not_found');
    expect(await deletePastes(temp.ctx, other, [made.id])).toBe(0);
    expect((await getPasteForOwner(temp.ctx, owner, { slug: made.slug })).content).toBe('mine');
    expect((await getPasteForOwner(temp.ctx, ADMIN, { id: made.id })).content).toBe('mine');
    expect(await deletePastes(temp.ctx, owner, [made.id])).toBe(1);
  });

  it('keeps an encrypted paste as its envelope: no kept password, no rendering, rules editable only', async () => {
    const { envelope, verifier } = await sealPaste('sealed text', { remark: 'r', markdown: true }, 'pw');
    const made = await createPaste(temp.ctx, ADMIN, { content: envelope, encrypted: true, password: verifier });
    expect(made).toMatchObject({ encrypted: true, hasPassword: true, remark: null });
    expect((await getPasteForOwner(temp.ctx, ADMIN, { id: made.id })).plainPassword).toBeNull();
    const unlocked = await unlockPastePage(temp.ctx, made.slug, verifier!, '192.0.2.20');
    expect(unlocked.paste).toMatchObject({ content: envelope, html: '', encrypted: true });
    expect(unlocked.plainPassword).toBeNull();
    const row = await temp.ctx.db.paste.findUnique({ where: { id: made.id } });
    expect(row).toMatchObject({ html: null, passwordEnc: null, encrypted: true });

    const refused = (input: Parameters<typeof updatePaste>[3]) =>
      rejection(updatePaste(temp.ctx, ADMIN, made.slug, input)).then((error) => error.message);
    expect(await refused({ content: 'plain' })).toBe('encryptedNotEditable');
    expect(await refused({ content: envelope, clearPassword: true })).toBe('encryptedNotEditable');
    expect(await refused({ content: envelope, remark: 'visible' })).toBe('encryptedNotEditable');
    await updatePaste(temp.ctx, ADMIN, made.slug, { content: envelope, maxViews: 4, remark: '' });
    expect(await getPasteForOwner(temp.ctx, ADMIN, { id: made.id })).toMatchObject({ maxViews: 4, content: envelope });
  });

  it('shows an encrypted paste behind its gate with its header and sealed metadata only, which its key opens (issue 42, item 4)', async () => {
    const { envelope, secret } = await sealPaste('gated', { remark: null, markdown: true });
    const made = await createPaste(temp.ctx, ADMIN, { content: envelope, encrypted: true, maxViews: 2 });
    const page = await openPastePage(temp.ctx, made.slug, { visit: null, passive: false });
    const gate = `${sealedHeaderOf(envelope)}.${envelope.split('.')[1]}`;
    expect(page).toMatchObject({ state: 'reveal', paste: { content: gate, views: 0 } });
    expect(page.paste.content).not.toContain(envelope.split('.')[0]!.slice(60, 100));
    // The page can tell a right key from a wrong one before any view is spent.
    await expect(checkPasteKey(gate, secret)).resolves.toBeUndefined();
    const wrong = `${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`;
    await expect(checkPasteKey(gate, wrong)).rejects.toThrow();
  });
});
