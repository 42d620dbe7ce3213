import { z } from 'zod';
import { normalizeRootFolder } from './schemas/mounts';

/**
 * The backup schedule (issue 32, decision 0032 "Schedule"): daily or on one day of the week, at a
 * wall-clock time in a time zone, keeping the last N backups in a folder of a storage config. Its
 * times are computed here, without a clock, so the rules are unit-tested (backup-schedule.test.ts).
 */

export const BACKUP_FREQUENCIES = ['daily', 'weekly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];
export const MAX_BACKUPS_KEPT = 100;

export interface ScheduleTimes {
  frequency: BackupFrequency;
  /** 0 Sunday … 6 Saturday; weekly only. */
  weekday: number;
  /** "HH:MM", 24-hour. */
  time: string;
  timeZone: string;
}

/** Whether the runtime knows a time zone by this name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

const WALL_CLOCK = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a time zone. */
function wallClock(timeZone: string, instant: number) {
  let format = WALL_CLOCK.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    WALL_CLOCK.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far a time zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const w = wallClock(timeZone, instant);
  return Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a time zone. Twice through, so an offset that changes
 * between the guess and the answer (a daylight-saving day) is the answer's; a time the clocks skip
 * happens an hour later, one they repeat the first time.
 */
function instantOf(timeZone: string, year: number, month: number, day: number, hour: number, minute: number) {
  const wall = Date.UTC(year, month, day, hour, minute);
  const guess = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, guess);
}

/** The schedule's run times around `now`, today's first: days from `from` to `to` (inclusive) off today. */
function* slots(schedule: ScheduleTimes, now: number, from: number, to: number, step: 1 | -1) {
  const today = wallClock(schedule.timeZone, now);
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  for (let offset = from; step > 0 ? offset <= to : offset >= to; offset += step) {
    const date = new Date(Date.UTC(today.year, today.month, today.day + offset));
    if (schedule.frequency === 'weekly' && date.getUTCDay() !== schedule.weekday) continue;
    yield instantOf(schedule.timeZone, date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour, minute);
  }
}

/** The latest run time at or before `now`. */
export function latestSlot(schedule: ScheduleTimes, now: Date): Date {
  for (const at of slots(schedule, now.getTime(), 0, -8, -1)) if (at <= now.getTime()) return new Date(at);
  throw new Error('A schedule runs at least once a week');
}

/** The first run time after `now`. */
export function nextSlot(schedule: ScheduleTimes, now: Date): Date {
  for (const at of slots(schedule, now.getTime(), 0, 8, 1)) if (at > now.getTime()) return new Date(at);
  throw new Error('A schedule runs at least once a week');
}

/**
 * What the schedule form sends (Admin → Backups), checked; an empty passphrase keeps the saved one,
 * a new one is typed twice.
 */
export const backupScheduleForm = z
  .object({
    enabled: z
      .string()
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
    frequency: z.enum(BACKUP_FREQUENCIES, { message: 'backupFrequencyInvalid' }),
    weekday: z.coerce.number({ message: 'backupWeekdayInvalid' }).int('backupWeekdayInvalid').min(0).max(6),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'backupTimeInvalid'),
    time_zone: z.string().trim().refine(isTimeZone, 'backupTimeZoneInvalid'),
    keep: z.coerce
      .number({ message: 'backupKeepInvalid' })
      .int('backupKeepInvalid')
      .min(1, 'backupKeepInvalid')
      .max(MAX_BACKUPS_KEPT, 'backupKeepInvalid'),
    storage_config_id: z.string().min(1, 'backupStorageRequired'),
    folder: z.string().transform((raw, ctx) => {
      const folder = normalizeRootFolder(raw);
      if (folder === null) {
        ctx.addIssue({ code: 'custom', message: 'backupFolderInvalid' });
        return z.NEVER;
      }
      return folder;
    }),
    passphrase: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    passphrase_again: z.string().optional(),
  })
  .superRefine((fields, ctx) => {
    // Typed twice: a typo would make every backup made with it unrestorable (issue 42, item 14).
    if (fields.passphrase !== undefined && fields.passphrase !== fields.passphrase_again)
      ctx.addIssue({ code: 'custom', path: ['passphrase_again'], message: 'backupPassphraseMismatch' });
  });
/** The form's fields as posted (names as in backupScheduleForm); checked by it. */
export type BackupScheduleInput = Record<string, string | undefined>;
export type BackupScheduleFields = z.output<typeof backupScheduleForm>;

/** A scheduled backup's file name, from its start time: sorted by name is sorted by age. */
export const scheduledBackupName = (at: Date) =>
  `cloudclip-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

/** The names scheduledBackupName gives (and keep-the-last-N counts and removes; nothing else). */
export const SCHEDULED_BACKUP_NAME = /^cloudclip-\d{8}-\d{6}\.tar\.gz$/;

/**
 * The cookie "Back up and download" answers with, holding the token its form posted: the page sees
 * the download has begun (components/backups/BackupDownloadForm.tsx).
 */
export const BACKUP_READY_COOKIE = 'cloudclip-backup-ready';
export const BACKUP_TOKEN = /^[a-f0-9]{32}$/;
