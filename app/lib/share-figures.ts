/** One UTC day of a share's statistics (decision 0035). */
export interface ShareDay {
  day: string;
  views: number;
  downloads: number;
  bots: number;
}

/** A share's statistics: the model's with Dates, a page's with ISO strings. */
export interface ShareFigures<Time> {
  /** The last two weeks, oldest first, zero where nothing happened. */
  days: ShareDay[];
  totals: Omit<ShareDay, 'day'>;
  firstAt: Time | null;
  lastAt: Time | null;
  /** The hosts that linked visitors here, most first. */
  referrers: { host: string; visits: number }[];
}
