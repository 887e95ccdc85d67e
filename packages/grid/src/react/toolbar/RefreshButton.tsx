import { formatDate, formatTime, useFieldSettings } from '@plinth/fields';
import { IconButton } from './IconButton.js';

export interface RefreshButtonProps {
  /** The report answer's last refresh time (`lrt`, ISO). */
  lastRefreshTime?: string | null;
  onRefresh: () => void;
  /** Disabled while editing inline (spec 02 §4). */
  isDisabled?: boolean;
}

/** 'Last refreshed dd/MM/yyyy hh:mm a' in the tenant's date pattern; undefined for an unreadable time. */
export function lastRefreshText(
  lastRefreshTime: string | null | undefined,
  locale: string,
): string | undefined {
  if (!lastRefreshTime) return undefined;
  const at = new Date(lastRefreshTime);
  if (Number.isNaN(at.getTime())) return undefined;
  const date = { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() };
  return `Last refreshed ${formatDate(date, locale)} ${formatTime({ hour: at.getHours(), minute: at.getMinutes() })}`;
}

/** The toolbar's Refresh button; its tooltip shows when the data was last refreshed. */
export function RefreshButton({ lastRefreshTime, onRefresh, isDisabled = false }: RefreshButtonProps) {
  const { locale } = useFieldSettings();
  const text = lastRefreshText(lastRefreshTime, locale);
  return (
    <IconButton
      label="Refresh"
      tooltip={text ?? 'Refresh'}
      isDisabled={isDisabled}
      onPress={onRefresh}
      className="pl-toolbar__button"
    >
      ⟳
    </IconButton>
  );
}
