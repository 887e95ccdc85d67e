const absolute = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });

/**
 * When a notification came, as the bell shows it: 'just now', minutes or hours ago within a day,
 * 'yesterday', then the date and time. `now` is passed in so tests can fix it.
 */
export function formatNotificationTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const minutes = Math.round((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  if (minutes < 24 * 60) return relative.format(-Math.round(minutes / 60), 'hour');
  if (minutes < 48 * 60) return relative.format(-1, 'day');
  return absolute.format(at);
}

/** The full date and time, for the element's title and its `dateTime`'s reader. */
export function formatNotificationDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : absolute.format(at);
}
