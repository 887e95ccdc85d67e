import type { LayoutElement } from '@plinth/schema';
import { NameField } from './NameField';
import { PropertyGroup } from './PropertyControls';
import type { PanelEdit } from './panelEdit';
import { StyleSelect, type StyleSelectProps } from './StyleSelect';
import {
  alignmentOptions,
  backgroundOptions,
  containerSizeOptions,
  directionOptions,
  gapOptions,
  gridCellWidthOptions,
} from './styleOptions';

/**
 * A horizontal or vertical container's properties (spec 01 §2): Name; Styling (Background); Layout
 * (Width, Height, Gap, Direction, Alignment). Behaviour is the panel's, shared with grids.
 */
export function ContainerProperties({
  edit,
  element,
  parent,
}: {
  edit: PanelEdit;
  element: LayoutElement;
  parent: LayoutElement | undefined;
}) {
  const widths = parent?.type === 'grid' ? gridCellWidthOptions : containerSizeOptions;
  const select = (
    label: string,
    field: StyleSelectProps['fields'][number],
    options: StyleSelectProps['options'],
  ) => <StyleSelect edit={edit} element={element} label={label} fields={[field]} options={options} />;
  return (
    <>
      <NameField edit={edit} element={element} />
      <PropertyGroup title="Styling">{select('Background', 'background', backgroundOptions)}</PropertyGroup>
      <PropertyGroup title="Layout">
        {select('Width', 'containerWidth', widths)}
        {select('Height', 'containerHeight', containerSizeOptions)}
        {select('Gap', 'gap', gapOptions)}
        {select('Direction', 'flexDirection', directionOptions)}
        {select('Alignment', 'alignItems', alignmentOptions)}
      </PropertyGroup>
    </>
  );
}
