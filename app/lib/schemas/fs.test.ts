import { describe, expect, it } from 'vitest';
import { explorerIntentSchema } from './fs';

/** The explorer's form posts (app/routes/explorer/intents.server.ts): one shape per intent. */
describe('explorer intents', () => {
  it('reads each intent with its fields, names as a list without blanks and checkboxes as flags', () => {
    expect(explorerIntentSchema.parse({ intent: 'mkdir', folder: 'reports' })).toEqual({
      intent: 'mkdir',
      folder: 'reports',
    });
    expect(explorerIntentSchema.parse({ intent: 'copy', name: ['a.txt', '', 'b/'], target: '/x', move: 'on' })).toEqual(
      {
        intent: 'copy',
        name: ['a.txt', 'b/'],
        target: '/x',
        newFolder: '',
        confirm: false,
        skipExisting: false,
        move: true,
      },
    );
    expect(explorerIntentSchema.parse({ intent: 'link', name: ['a'], expires: '600' })).toMatchObject({ expires: 600 });
  });

  it('falls back to an hour for a link lifetime that is no positive whole number', () => {
    for (const expires of ['', 'soon', '-5', '1.5'])
      expect(explorerIntentSchema.parse({ intent: 'link', name: ['a'], expires })).toMatchObject({ expires: 3600 });
  });

  it('refuses an intent it does not know, or none, with the reason', () => {
    for (const intent of ['drop', '', undefined]) {
      const parsed = explorerIntentSchema.safeParse({ intent, folder: 'x' });
      expect(parsed.success, String(intent)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('explorerIntentUnknown');
    }
  });
});
