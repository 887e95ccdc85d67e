import { storedDateText, storedDateTimeText, wallClockAt } from '@plinth/schema';

/** How a task's dates read in the tenant's locale and time zone. */
export interface TaskDateSettings {
  locale: string;
  timeZone: string;
}

/** A due date (yyyy-MM-dd) in the locale's pattern. */
export function dueText(dueDate: string, settings: TaskDateSettings): string {
  return storedDateText(dueDate, settings.locale) ?? dueDate;
}

/** When a task was completed, as the tenant's clock read it. */
export function completedText(completedAt: string, settings: TaskDateSettings): string {
  return (
    storedDateTimeText(completedAt, settings.locale, (instant) => wallClockAt(instant, settings.timeZone)) ??
    completedAt
  );
}
