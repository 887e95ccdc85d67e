import { type PickerRow, pickerLabel } from './pickerTypes';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** A record's label in pickers: enum colour, icon, person avatar (image 32×32 or initials), name. */
export function PickerOptionLabel({ row }: { row: PickerRow }) {
  const label = pickerLabel(row);
  return (
    <span className="pl-picker-option">
      {row.colour && (
        <span className="pl-picker-option__colour" style={{ background: row.colour }} aria-hidden="true" />
      )}
      {row.icon && (
        <span className="pl-picker-option__icon" aria-hidden="true">
          {row.icon}
        </span>
      )}
      {row.isPerson &&
        (row.avatarUrl ? (
          <img className="pl-avatar" src={row.avatarUrl} alt="" width={32} height={32} />
        ) : (
          <span className="pl-avatar pl-avatar--initials" aria-hidden="true">
            {initials(label)}
          </span>
        ))}
      <span className={row.name ? undefined : 'pl-picker-option__unnamed'}>{label}</span>
    </span>
  );
}
