import { type LayoutElement, maxGridColumns, maxGridRows, styleAt } from '@plinth/schema';
import { PropertySelect } from '../../admin/public';
import { PropertyGroup } from './PropertyControls';
import { changeStyle, type PanelEdit } from './panelEdit';
import { StyleSelect } from './StyleSelect';
import { alignmentOptions, flowOptions, gapOptions, spacingOptions } from './styleOptions';

const counts = (n: number) => [
  { id: '', name: 'Default' },
  ...Array.from({ length: n }, (_, i) => ({ id: String(i + 1), name: String(i + 1) })),
];

/**
 * A grid's own properties (spec 01 §2): Columns (1–12) and Gap always; Margin, Padding, Rows (1–6),
 * Flow and Justify items with the advanced properties.
 */
export function GridProperties({ edit, element }: { edit: PanelEdit; element: LayoutElement }) {
  const style = styleAt(element.styles, edit.breakpoint);
  const count = (key: 'columns' | 'rows', label: string, max: number) => (
    <PropertySelect
      label={label}
      options={counts(max)}
      value={style[key] === undefined ? '' : String(style[key])}
      onChange={(id) => changeStyle(edit, element, { [key]: id === '' ? undefined : Number(id) })}
    />
  );
  const advanced = edit.showsAdvanced;
  return (
    <PropertyGroup title="Grid">
      {advanced && (
        <>
          <StyleSelect
            edit={edit}
            element={element}
            label="Margin"
            fields={['marginX', 'marginY']}
            options={spacingOptions}
          />
          <StyleSelect
            edit={edit}
            element={element}
            label="Padding"
            fields={['paddingX', 'paddingY']}
            options={spacingOptions}
          />
        </>
      )}
      {count('columns', 'Columns', maxGridColumns)}
      {advanced && count('rows', 'Rows', maxGridRows)}
      {advanced && (
        <StyleSelect edit={edit} element={element} label="Flow" fields={['flow']} options={flowOptions} />
      )}
      <StyleSelect edit={edit} element={element} label="Gap" fields={['gap']} options={gapOptions} />
      {advanced && (
        <StyleSelect
          edit={edit}
          element={element}
          label="Justify items"
          fields={['justifyItems']}
          options={alignmentOptions}
        />
      )}
    </PropertyGroup>
  );
}
