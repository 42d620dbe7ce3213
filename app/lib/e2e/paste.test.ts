import { describe, expect, it } from 'vitest';
import * as cli from '../../../scripts/e2e-crypt.mjs';
import { createPasteSchema } from '~/lib/schemas/pastes';
import type { E2eError } from './format';
import { envelopeProblem, openPaste, sealPaste, sealedHeaderOf, verifierFor } from './paste';

/** Encrypted pastes' envelopes (docs/encryption.md "Pastes"): sealed in the page, checked on the server. */
describe('paste envelopes', () => {
  const metadata = { remark: 'a remark', markdown: true };

  it('open with the key (and the password) into the text and its metadata', async () => {
    const sealed = await sealPaste('# héllo\n\n`code`', metadata, 'pw');
    expect(sealed.envelope).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(await openPaste(sealed.envelope, `#${sealed.secret}`, 'pw')).toEqual({
      text: '# héllo\n\n`code`',
      metadata,
    });
    expect(sealed.verifier).toBe(await verifierFor(sealedHeaderOf(sealed.envelope), sealed.secret, 'pw'));
  });

  it('say a wrong key, a wrong or missing password and an incomplete link all as a bad key', async () => {
    const sealed = await sealPaste('text', metadata, 'pw');
    const other = await sealPaste('other', metadata);
    const reason = (work: Promise<unknown>) =>
      work.then(
        () => 'opened',
        (error: E2eError) => error.reason,
      );
    expect(await reason(openPaste(sealed.envelope, other.secret, 'pw'))).toBe('badKey');
    expect(await reason(openPaste(sealed.envelope, sealed.secret, 'not it'))).toBe('badKey');
    expect(await reason(openPaste(sealed.envelope, sealed.secret.slice(0, 20)))).toBe('badKey');
    expect(await reason(openPaste(sealed.envelope, sealed.secret))).toBe('badKey');
  });

  it('agree with the node:crypto script both ways', async () => {
    const fromPage = await sealPaste('page → script', { remark: null, markdown: true }, 'pw');
    expect(cli.openPaste(fromPage.envelope, fromPage.secret, { password: 'pw' })).toEqual({
      text: 'page → script',
      remark: null,
      markdown: true,
    });
    const fromScript = cli.sealPaste('script → page', { remark: 'r', password: 'pw' });
    expect(await openPaste(fromScript.envelope, fromScript.key, 'pw')).toEqual({
      text: 'script → page',
      metadata: { remark: 'r', markdown: true },
    });
    expect(fromScript.verifier).toBe(await verifierFor(fromScript.envelope, fromScript.key, 'pw'));
  });

  it('are checked for shape, length and password flag without a key', async () => {
    const plain = await sealPaste('x'.repeat(70_000), metadata);
    const locked = await sealPaste('x', metadata, 'pw');
    expect(envelopeProblem(plain.envelope, false)).toBeNull();
    expect(envelopeProblem(locked.envelope, true)).toBeNull();
    expect(envelopeProblem(plain.envelope, true)).toBe('envelopePassword');
    expect(envelopeProblem(locked.envelope, false)).toBe('envelopePassword');
    const [content, meta] = plain.envelope.split('.') as [string, string];
    // 70,000 bytes are two records: without the second one's tag no plaintext size fits.
    expect(envelopeProblem(`${content.slice(0, -22)}.${meta}`, false)).toBe('envelopeInvalid');
    expect(envelopeProblem(`${content}.${meta.slice(0, 20)}`, false)).toBe('envelopeInvalid');
    expect(envelopeProblem(`${content}`, false)).toBe('envelopeInvalid');
    expect(envelopeProblem(`Q0NFAg${content.slice(6)}.${meta}`, false)).toBe('envelopeInvalid');
    expect(envelopeProblem('hello world.x', false)).toBe('envelopeInvalid');
  });

  it('the create schema takes an envelope only as encrypted content, with no remark beside it', async () => {
    const { envelope } = await sealPaste('x', metadata);
    expect(createPasteSchema.safeParse({ content: envelope, encrypted: true }).success).toBe(true);
    const messages = (input: object) => createPasteSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ content: 'plain', encrypted: true })).toEqual(['envelopeInvalid']);
    expect(messages({ content: envelope, encrypted: true, remark: 'r' })).toEqual(['encryptedRemark']);
    expect(messages({ content: envelope, encrypted: true, password: 'v' })).toEqual(['envelopePassword']);
  });
});
