import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './formatNotificationTime';

describe('formatNotificationTime', () => {
  const now = new Date('2026-03-15T12:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('says how long ago within two days, then the date and time', () => {
    expect(formatNotificationTime(ago(0), now)).toBe('just now');
    // A clock a little ahead of the server's still reads as now.
    expect(formatNotificationTime(ago(-2), now)).toBe('just now');
    expect(formatNotificationTime(ago(1), now)).toBe('1 minute ago');
    expect(formatNotificationTime(ago(59), now)).toBe('59 minutes ago');
    expect(formatNotificationTime(ago(60), now)).toBe('1 hour ago');
    expect(formatNotificationTime(ago(23 * 60 + 20), now)).toBe('23 hours ago');
    expect(formatNotificationTime(ago(30 * 60), now)).toBe('yesterday');
    expect(formatNotificationTime('2026-03-01T01:30:00.000Z', now)).toMatch(
      /^1 Mar 2026, \d{1,2}:30\s?[ap]m$/,
    );
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatNotificationTime('soon', now)).toBe('soon');
  });
});
