import { describe, expect, it } from 'vitest';
import {
  backupScheduleForm,
  latestSlot,
  nextSlot,
  scheduledBackupName,
  SCHEDULED_BACKUP_NAME,
  type ScheduleTimes,
} from './backup-schedule';

const daily = (time: string, timeZone = 'UTC'): ScheduleTimes => ({ frequency: 'daily', weekday: 0, time, timeZone });
const at = (iso: string) => new Date(iso);

describe('backup schedule times', () => {
  it('a daily time in UTC: today once it has passed, else yesterday; the next is the other one', () => {
    expect(latestSlot(daily('03:00'), at('2026-11-28T05:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(latestSlot(daily('03:00'), at('2026-11-28T02:59:59Z')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(latestSlot(daily('03:00'), at('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(nextSlot(daily('03:00'), at('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-29T03:00:00.000Z');
    expect(nextSlot(daily('03:00'), at('2026-11-28T01:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
  });

  it('a time in a zone ahead of UTC falls on the zone’s day', () => {
    // 02:00 in Shanghai (UTC+8) is 18:00 UTC the day before.
    const shanghai = daily('02:00', 'Asia/Shanghai');
    expect(latestSlot(shanghai, at('2026-11-28T01:00:00Z')).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(nextSlot(shanghai, at('2026-11-28T01:00:00Z')).toISOString()).toBe('2026-11-28T18:00:00.000Z');
  });

  it('weekly: only on its day of the week, up to seven days back', () => {
    // 2026-11-28 is a Saturday; Monday's run was on the 23rd.
    const monday: ScheduleTimes = { frequency: 'weekly', weekday: 1, time: '04:30', timeZone: 'UTC' };
    expect(latestSlot(monday, at('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-11-23T04:30:00.000Z');
    expect(nextSlot(monday, at('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-11-30T04:30:00.000Z');
    // On the day itself, before the time: last week's.
    expect(latestSlot(monday, at('2026-11-30T04:00:00Z')).toISOString()).toBe('2026-11-23T04:30:00.000Z');
  });

  it('across a daylight-saving change the wall-clock time holds', () => {
    const berlin = daily('03:00', 'Europe/Berlin');
    // Summer: UTC+2. Winter (from 2026-10-25): UTC+1.
    expect(latestSlot(berlin, at('2026-10-24T12:00:00Z')).toISOString()).toBe('2026-10-24T01:00:00.000Z');
    expect(latestSlot(berlin, at('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Berlin (clocks go 02:00 → 03:00): it runs an hour later.
    const skipped = latestSlot(daily('02:30', 'Europe/Berlin'), at('2026-03-29T12:00:00Z'));
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('the schedule form', () => {
  const valid = {
    enabled: 'on',
    frequency: 'weekly',
    weekday: '2',
    time: '23:15',
    time_zone: 'Asia/Shanghai',
    keep: '7',
    storage_config_id: 'cfg',
    folder: '/nightly/',
    passphrase: '',
  };

  it('reads a whole form: the folder by segment, an empty passphrase as none', () => {
    expect(backupScheduleForm.parse(valid)).toEqual({
      enabled: true,
      frequency: 'weekly',
      weekday: 2,
      time: '23:15',
      time_zone: 'Asia/Shanghai',
      keep: 7,
      storage_config_id: 'cfg',
      folder: 'nightly/',
      passphrase: undefined,
    });
    expect(backupScheduleForm.parse({ ...valid, enabled: undefined, folder: '' })).toMatchObject({
      enabled: false,
      folder: '',
    });
  });

  it.each([
    ['time', '24:00', 'backupTimeInvalid'],
    ['time', '3:00', 'backupTimeInvalid'],
    ['time_zone', 'Mars/Olympus', 'backupTimeZoneInvalid'],
    ['keep', '0', 'backupKeepInvalid'],
    ['keep', '101', 'backupKeepInvalid'],
    ['folder', 'a/../b', 'backupFolderInvalid'],
    ['folder', '.cloudclip-shares', 'backupFolderInvalid'],
    ['frequency', 'hourly', 'backupFrequencyInvalid'],
    ['storage_config_id', '', 'backupStorageRequired'],
  ])('refuses %s = %j with %s', (field, value, message) => {
    const result = backupScheduleForm.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('scheduled backup names', () => {
  it('sort by their time and are the only names the schedule removes', () => {
    const name = scheduledBackupName(at('2026-11-28T03:00:07.123Z'));
    expect(name).toBe('cloudclip-20261128-030007.tar.gz');
    expect(SCHEDULED_BACKUP_NAME.test(name)).toBe(true);
    expect(SCHEDULED_BACKUP_NAME.test('cloudclip-20261128-0300.tar.gz')).toBe(false);
    expect(SCHEDULED_BACKUP_NAME.test('my-backup.tar.gz')).toBe(false);
  });
});
