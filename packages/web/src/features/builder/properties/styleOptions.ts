import {
  alignments,
  backgrounds,
  containerSizes,
  flexDirections,
  gapSizes,
  gridFlows,
  spacingSizes,
} from '@plinth/schema';
import { optionsOf } from './PropertyControls';

/** The option lists of the element panel (spec 01 §9), each with "Default" (not set) first. */

/** Spec 01 §9: none is offered for gaps only. */
export const gapOptions = optionsOf(gapSizes);
export const spacingOptions = optionsOf(spacingSizes);
export const backgroundOptions = optionsOf(backgrounds, { transparent: 'Transparent', card: 'Card' });
export const directionOptions = optionsOf(flexDirections, { row: 'Horizontal', column: 'Vertical' });
export const alignmentOptions = optionsOf(alignments, {
  start: 'Start',
  center: 'Center',
  end: 'End',
  stretch: 'Stretch',
});
export const flowOptions = optionsOf(gridFlows, {
  row: 'Rows',
  column: 'Columns',
  'row dense': 'Rows, dense',
  'column dense': 'Columns, dense',
});
/** Width and height in a container parent: auto, fill or fit. */
export const containerSizeOptions = optionsOf(containerSizes, { auto: 'Auto', fill: 'Fill', fit: 'Fit' });
/**
 * Spec 01 §9: width options differ for grid parents. A grid cell already sets the width, so a
 * container there fills it or keeps its own (decision 0119).
 */
export const gridCellWidthOptions = optionsOf(['auto', 'fill'] as const, { auto: 'Auto', fill: 'Fill' });
