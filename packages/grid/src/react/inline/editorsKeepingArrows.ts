import type { InlineEditorKind } from '../../types.js';

/** Editors that use the arrow keys themselves; the grid leaves ArrowUp/ArrowDown to them. */
export const editorsKeepingArrows: ReadonlySet<InlineEditorKind> = new Set([
  'multilineText',
  'richText',
  'date',
  'dateTime',
  'time',
]);
