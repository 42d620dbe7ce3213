/**
 * The small answers of the explorer's own endpoints (docs/api-extensions.md): a zip's progress, the
 * recycle bin's purge and an index rebuild started.
 */

export const presentArchiveProgress = (known: { state: string; sent: number; total: number }) => ({
  state: known.state,
  sent: known.sent,
  total: known.total,
});

export const presentPurged = (purged: number) => ({ purged });

export const presentIndexStarted = (mountId: string, mode: string) => ({ mountId, mode });
