export interface SelectionCellProps {
  label: string;
  isSelected: boolean;
  /** Some but not all rows selected (the header's box). */
  isIndeterminate?: boolean;
  onToggle: () => void;
}

/** The checkbox of a row (or of all rows, in the header) in multi-select mode. */
export function SelectionCell({ label, isSelected, isIndeterminate = false, onToggle }: SelectionCellProps) {
  return (
    <input
      type="checkbox"
      className="pl-grid__checkbox"
      aria-label={label}
      checked={isSelected}
      ref={(input) => {
        if (input) input.indeterminate = isIndeterminate;
      }}
      onChange={onToggle}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      tabIndex={-1}
    />
  );
}
