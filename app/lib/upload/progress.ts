/** Progress of one upload, as the UI shows it. */
export interface UploadProgress {
  /** Bytes sent (or, in the URL flow, bytes of the current phase). */
  loaded: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
  /** Bytes per second over the last few seconds (0 when unknown). */
  speed: number;
}

const WINDOW_MS = 5000;

/** Upload speed over a sliding window of (time, bytes) samples. Bytes going down (a pause) restart it. */
export class SpeedMeter {
  private samples: Array<{ at: number; loaded: number }> = [];

  constructor(private readonly now: () => number = () => Date.now()) {}

  reset() {
    this.samples = [];
  }

  /** Records `loaded` now and returns the rate. */
  rate(loaded: number): number {
    const at = this.now();
    const last = this.samples.at(-1);
    if (last && loaded < last.loaded) this.samples = [];
    this.samples.push({ at, loaded });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    // Never empty here: the sample just pushed is in it.
    const first = this.samples[0]!;
    const elapsed = at - first.at;
    return elapsed > 0 ? Math.max(0, ((loaded - first.loaded) * 1000) / elapsed) : 0;
  }
}

/** docs/product/spec.md §4: URL uploads show 0–49 while downloading and 50–99 while uploading; 100 when done. */
export function urlOverallPercent(phase: 'download' | 'upload' | 'done', phasePercent: number): number {
  const p = Math.max(0, Math.min(100, phasePercent));
  if (phase === 'done') return 100;
  return phase === 'download' ? Math.floor((p * 49) / 100) : 50 + Math.floor((p * 49) / 100);
}
