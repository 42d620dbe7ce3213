import { describe, expect, it } from 'vitest';
import { CUSTOM_DAYS_MAX, EXPIRY_CHOICES, isExpiryChoice, resolveExpiry } from './expiry';

const now = new Date('2024-05-01T12:00:00.000Z');

describe('resolveExpiry', () => {
  it('offers the spec choices (1 day, 7 days, 30 days, never, custom), and 5 minutes and 1 hour first', () => {
    expect(EXPIRY_CHOICES).toEqual(['5m', '1h', '1d', '7d', '30d', 'never', 'custom']);
  });

  it.each([
    ['5m', '2024-05-01T12:05:00.000Z'],
    ['1h', '2024-05-01T13:00:00.000Z'],
    ['1d', '2024-05-02T12:00:00.000Z'],
    ['7d', '2024-05-08T12:00:00.000Z'],
    ['30d', '2024-05-31T12:00:00.000Z'],
  ])('%s is that long from now', (choice, expected) => {
    expect(resolveExpiry(choice, '', { now })).toEqual({ ok: true, expiresAt: expected });
  });

  it('never is null', () => {
    expect(resolveExpiry('never', '12', { now })).toEqual({ ok: true, expiresAt: null });
  });

  it('custom takes whole days, as a string or a number', () => {
    expect(resolveExpiry('custom', '3', { now })).toEqual({ ok: true, expiresAt: '2024-05-04T12:00:00.000Z' });
    expect(resolveExpiry('custom', ' 2 ', { now })).toEqual({ ok: true, expiresAt: '2024-05-03T12:00:00.000Z' });
    expect(resolveExpiry('custom', 1, { now })).toEqual({ ok: true, expiresAt: '2024-05-02T12:00:00.000Z' });
    expect(resolveExpiry('custom', String(CUSTOM_DAYS_MAX), { now }).ok).toBe(true);
  });

  it('custom needs a number of days', () => {
    expect(resolveExpiry('custom', '', { now })).toEqual({ ok: false, problem: 'expiryDaysRequired' });
    expect(resolveExpiry('custom', undefined, { now })).toEqual({ ok: false, problem: 'expiryDaysRequired' });
    expect(resolveExpiry('custom', null, { now })).toEqual({ ok: false, problem: 'expiryDaysRequired' });
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', String(CUSTOM_DAYS_MAX + 1)])('custom rejects %j', (days) => {
    expect(resolveExpiry('custom', days, { now })).toEqual({ ok: false, problem: 'expiryDaysInvalid' });
  });

  it('rejects unknown choices, and "keep" unless the form allows it', () => {
    expect(resolveExpiry('2d', '', { now })).toEqual({ ok: false, problem: 'expiryChoiceInvalid' });
    expect(resolveExpiry(undefined, '', { now })).toEqual({ ok: false, problem: 'expiryChoiceInvalid' });
    expect(resolveExpiry('keep', '', { now })).toEqual({ ok: false, problem: 'expiryChoiceInvalid' });
    expect(resolveExpiry('keep', '', { now, allowKeep: true })).toEqual({ ok: true, expiresAt: undefined });
  });

  it('defaults "now" to the current time', () => {
    const before = Date.now();
    const result = resolveExpiry('1d', '');
    expect(result.ok).toBe(true);
    const at = new Date((result as { expiresAt: string }).expiresAt).getTime();
    expect(at - before).toBeGreaterThanOrEqual(86_400_000);
    expect(at - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('isExpiryChoice', () => {
    expect(isExpiryChoice('7d')).toBe(true);
    expect(isExpiryChoice('keep')).toBe(false);
    expect(isExpiryChoice(7)).toBe(false);
  });
});
