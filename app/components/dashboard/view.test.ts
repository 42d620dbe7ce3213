import { describe, expect, it } from 'vitest';
import { roundTop } from './ActivityChart';
import { durationParts, weekOverWeek } from './view';

describe('dashboard view helpers', () => {
  it('compares the last 7 days with the 7 before', () => {
    const days = [1, 0, 0, 0, 0, 0, 1, /* this week */ 2, 0, 0, 0, 0, 0, 1];
    expect(weekOverWeek(days)).toEqual({ current: 3, previous: 2, change: 50 });
    expect(weekOverWeek([...Array(7).fill(0), ...Array(7).fill(1)])).toEqual({ current: 7, previous: 0, change: null });
    expect(weekOverWeek([...Array(7).fill(2), ...Array(7).fill(1)]).change).toBe(-50);
  });

  it('names an uptime by its largest unit', () => {
    expect(durationParts(59)).toEqual({ key: 'minutes', d: 0, h: 0, m: 0 });
    expect(durationParts(3 * 3600 + 125)).toEqual({ key: 'hours', d: 0, h: 3, m: 2 });
    expect(durationParts(2 * 86_400 + 5 * 3600)).toMatchObject({ key: 'days', d: 2, h: 5 });
  });

  it('rounds the chart top up to 1, 2 or 5 times a power of ten', () => {
    expect(roundTop(0)).toBe(4);
    expect(roundTop(7)).toBe(10);
    expect(roundTop(11)).toBe(20);
    expect(roundTop(120)).toBe(200);
    expect(roundTop(500)).toBe(500);
  });
});
