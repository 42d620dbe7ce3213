/** The install prompt stays away this long after the user dismissed it (docs/product/spec.md §9). */
export const DISMISS_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the prompt's conditions are looked at again (docs/product/spec.md §4 "Install prompt"). */
export const RECHECK_MS = 5000;

/** Installable, not installed, and not dismissed within the last 7 days. */
export function shouldOfferInstall(input: {
  installable: boolean;
  installed: boolean;
  dismissedAt: number | null;
  now: number;
}): boolean {
  if (!input.installable || input.installed) return false;
  return input.dismissedAt === null || !(input.now - input.dismissedAt < DISMISS_FOR_MS);
}

/** A stored dismissal timestamp, or null when there is none or it is not a number. */
export function parseDismissedAt(stored: string | null): number | null {
  const value = Number(stored);
  return stored && Number.isFinite(value) ? value : null;
}
