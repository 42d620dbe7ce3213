import { describe, expect, it } from 'vitest';
import { DISMISS_FOR_MS, parseDismissedAt, shouldOfferInstall } from './install-offer';

describe('the install offer', () => {
  const now = Date.UTC(2026, 10, 25);
  const offer = (change: Partial<Parameters<typeof shouldOfferInstall>[0]>) =>
    shouldOfferInstall({ installable: true, installed: false, dismissedAt: null, now, ...change });

  it('shows only when installable and not installed', () => {
    expect(offer({})).toBe(true);
    expect(offer({ installable: false })).toBe(false);
    expect(offer({ installed: true })).toBe(false);
  });

  it('stays away for 7 days after a dismissal', () => {
    expect(offer({ dismissedAt: now - 1000 })).toBe(false);
    expect(offer({ dismissedAt: now - DISMISS_FOR_MS + 1 })).toBe(false);
    expect(offer({ dismissedAt: now - DISMISS_FOR_MS })).toBe(true);
  });

  it('reads a stored timestamp, ignoring what is not one', () => {
    expect(parseDismissedAt(String(now))).toBe(now);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('soon')).toBeNull();
  });
});
