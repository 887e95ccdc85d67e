import {
  type BoundComponentKind,
  type BoundComponentStyle,
  boundHeightRange,
  type PageComponent,
  rangeMessage,
  readBoundComponentStyle,
  updateComponent,
} from '@plinth/schema';
import { Check, PropertySelect } from '../../admin/public';
import { PropertyGroup } from './PropertyControls';
import type { PanelEdit } from './panelEdit';
import { ValidatedText } from './ValidatedText';

type Flag =
  | 'showCalcOnNewRecord'
  | 'displayAsDropdown'
  | 'openRecordsInModal'
  | 'hideFileUploadArea'
  | 'hidePreviewFileAction'
  | 'showPreviewFileButton';

const flagLabels: Record<Flag, string> = {
  showCalcOnNewRecord: 'Show the calculation on a new record',
  displayAsDropdown: 'Display as a dropdown',
  openRecordsInModal: 'Open records in a modal',
  hideFileUploadArea: 'Hide the file upload area',
  hidePreviewFileAction: 'Hide the Preview file action',
  showPreviewFileButton: 'Show a Preview file button',
};

/** The component style each kind reads besides widths and visibility (spec 03 §3). */
const flagsOf = (kind: BoundComponentKind): Flag[] => {
  if (kind === 'lookup') return ['displayAsDropdown'];
  if (kind === 'relationship') return ['openRecordsInModal'];
  if (kind === 'documents') return ['hideFileUploadArea', 'hidePreviewFileAction', 'showPreviewFileButton'];
  if (kind === 'choice') return [];
  return ['showCalcOnNewRecord'];
};
const hasHeight = (kind: BoundComponentKind) => kind === 'multilineText' || kind === 'richText';

function readRows(text: string, min: number, max: number): number | string {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : rangeMessage(min, max);
}

/**
 * A bound component's display settings of its kind (spec 03 §3 component style): the editor's
 * height for multiline and rich text, a lookup's dropdown, a choice's display, a relationship's
 * table or inline display and rows a page, the documents' file actions, and showing a calculation
 * on a new record.
 */
export function BoundDisplayFields({
  edit,
  component,
  kind,
}: {
  edit: PanelEdit;
  component: PageComponent;
  kind: BoundComponentKind;
}) {
  const style = readBoundComponentStyle(component.style);
  const setStyle = (patch: Partial<BoundComponentStyle>, key?: string) =>
    edit.onChange(
      updateComponent(edit.content, component.id, (c) => ({ ...c, style: { ...c.style, ...patch } })),
      key,
    );
  const rows = (field: 'height' | 'rowsPerPage', label: string, min: number, max: number) => (
    <ValidatedText
      label={label}
      value={String(style[field])}
      validate={(text) => {
        const read = readRows(text, min, max);
        return typeof read === 'string' ? read : null;
      }}
      onCommit={(text) => setStyle({ [field]: Number(text.trim()) }, `${component.id}:${field}`)}
    />
  );
  return (
    <PropertyGroup title="Display">
      {hasHeight(kind) && rows('height', 'Height (rows)', boundHeightRange.min, boundHeightRange.max)}
      {kind === 'choice' && (
        <PropertySelect
          label="Choice display"
          options={[
            { id: 'select', name: 'Select list' },
            { id: 'radio', name: 'Radio buttons' },
            { id: 'checklist', name: 'Checklist' },
          ]}
          value={style.choiceDisplay}
          onChange={(choiceDisplay) => setStyle({ choiceDisplay })}
        />
      )}
      {kind === 'relationship' && (
        <>
          <PropertySelect
            label="Display as"
            options={[
              { id: 'dataTable', name: 'Table' },
              { id: 'inline', name: 'Inline' },
            ]}
            value={style.displayAs}
            onChange={(displayAs) => setStyle({ displayAs })}
          />
          {rows('rowsPerPage', 'Rows per page', 1, 100)}
        </>
      )}
      {flagsOf(kind).map((flag) => (
        <Check key={flag} isSelected={style[flag]} onChange={(on) => setStyle({ [flag]: on })}>
          {flagLabels[flag]}
        </Check>
      ))}
    </PropertyGroup>
  );
}
