/**
 * The expiry choices of the share forms (docs/product/spec.md §5: 1 day, 7 days, 30 days, never,
 * custom days; and, for a link meant to live briefly, 5 minutes and 1 hour) and their conversion to
 * the ISO `expiresAt` the models take. Pure and client-safe: the paste, upload and edit forms share it.
 */
export const EXPIRY_CHOICES = ['5m', '1h', '1d', '7d', '30d', 'never', 'custom'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** Edit forms also offer to keep the current expiry. */
export type EditExpiryChoice = ExpiryChoice | 'keep';

export const DEFAULT_EXPIRY: ExpiryChoice = '1d';

/** A custom expiry, in whole days: at least one, at most about a hundred years. */
export const CUSTOM_DAYS_MAX = 36_500;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const PRESET_MS: Record<Exclude<ExpiryChoice, 'never' | 'custom'>, number> = {
  '5m': 5 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

export type ExpiryProblem = 'expiryChoiceInvalid' | 'expiryDaysRequired' | 'expiryDaysInvalid';

/**
 * `expiresAt`: an ISO string, null for "never", or undefined for "keep the current one" (edit forms
 * only, and only when `allowKeep` is set).
 */
export type ExpiryResult = { ok: true; expiresAt: string | null | undefined } | { ok: false; problem: ExpiryProblem };

export function isExpiryChoice(value: unknown): value is ExpiryChoice {
  return typeof value === 'string' && (EXPIRY_CHOICES as readonly string[]).includes(value);
}

/**
 * Turns a form's expiry choice (and, for "custom", its number of days) into an ISO `expiresAt`
 * relative to `now`. An unknown or missing choice falls back to nothing: it is a problem.
 */
export function resolveExpiry(
  choice: unknown,
  customDays: unknown,
  options: { now?: Date; allowKeep?: boolean } = {},
): ExpiryResult {
  const now = options.now ?? new Date();
  if (choice === 'keep' && options.allowKeep) return { ok: true, expiresAt: undefined };
  if (!isExpiryChoice(choice)) return { ok: false, problem: 'expiryChoiceInvalid' };
  if (choice === 'never') return { ok: true, expiresAt: null };
  if (choice !== 'custom') return { ok: true, expiresAt: new Date(now.getTime() + PRESET_MS[choice]).toISOString() };
  const text =
    typeof customDays === 'string' ? customDays.trim() : typeof customDays === 'number' ? String(customDays) : '';
  if (text === '') return { ok: false, problem: 'expiryDaysRequired' };
  if (!/^\d+$/.test(text)) return { ok: false, problem: 'expiryDaysInvalid' };
  const days = Number(text);
  if (days < 1 || days > CUSTOM_DAYS_MAX) return { ok: false, problem: 'expiryDaysInvalid' };
  return { ok: true, expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString() };
}
