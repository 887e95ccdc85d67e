import { usableChoiceColour } from '@plinth/schema';
import { imageUrl } from './imageUrl';
import { type PickerRow, pickerLabel, pickerThumbnailSize } from './pickerTypes';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * A record's label in pickers: enum colour, icon thumbnail, person avatar (image 32×32 or
 * initials), name.
 */
export function PickerOptionLabel({ row }: { row: PickerRow }) {
  const label = pickerLabel(row);
  const colour = usableChoiceColour(row.colour);
  const size = { width: pickerThumbnailSize, height: pickerThumbnailSize };
  return (
    <span className="pl-picker-option">
      {colour && (
        <span className="pl-picker-option__colour" style={{ background: colour }} aria-hidden="true" />
      )}
      {row.iconImageId != null && (
        <img className="pl-picker-option__icon" src={imageUrl(row.iconImageId, 'small')} alt="" {...size} />
      )}
      {row.isPerson &&
        (row.avatarImageId != null ? (
          <img className="pl-avatar" src={imageUrl(row.avatarImageId, 'small')} alt="" {...size} />
        ) : (
          <span className="pl-avatar pl-avatar--initials" aria-hidden="true">
            {initials(label)}
          </span>
        ))}
      <span className={row.name ? undefined : 'pl-picker-option__unnamed'}>{label}</span>
    </span>
  );
}
