import type { ConditionalFormat, ReportValueRule } from '@plinth/schema';
import type { ReportColumnMeta, ReportMeta, ReportValueType } from '../types.js';
import { clampColumnWidth, typeFlex, typeMinWidth } from './columnWidths.js';

/** The cell templates of spec 02 §2. */
export type CellTemplate =
  | 'plain'
  | 'highlight'
  | 'icon'
  | 'image'
  | 'progressBar'
  | 'fileLink'
  | 'avatar'
  | 'taskType';

export type ColumnAlign = 'left' | 'center' | 'right';

/** One visible column of the grid, as the view draws it. */
export interface GridColumn {
  /** The column id (the key in `rcols`). */
  id: string;
  title: string;
  type: ReportValueType;
  /** Where the column's cell sits in a row's `values`. */
  valueIndex: number;
  /** The width the column starts at: the report's width, else its type's minimum. */
  width: number;
  flex: 1 | 2;
  /** The report set the width: the column does not grow. */
  hasFixedWidth: boolean;
  align: ColumnAlign;
  /** Lines of text a cell wraps to; 1 unless the value rule says more. */
  lines: number;
  /** Show only the formatting (an icon or a bar), not the value. */
  hideValue: boolean;
  isImage: boolean;
  /** Image columns: the thumbnail size (32×32 unless the value rule says). */
  imageSize: { width: number; height: number };
  template: CellTemplate;
  /** The conditional formatting in force: the report's, else the field's default unless disabled. */
  format?: ConditionalFormat;
  places?: number;
  isFileSize: boolean;
  meta: ReportColumnMeta;
}

/** What the column model needs to know about the report beyond its metadata. */
export interface ColumnModelOptions {
  /** A document report ('core:document'): the name column links to a preview of the file. */
  isDocumentReport?: boolean;
  /** The records are tasks: the name column shows the task-type icon. */
  isTaskReport?: boolean;
  /** The report's records are people: the name column shows an avatar. */
  isPersonReport?: boolean;
  /** Person types (core:person and derived): relationship columns to them show avatars. */
  personTypeIds?: ReadonlySet<number>;
  /** The field holding a document's size in bytes: shown in MB. */
  fileSizeFieldId?: number;
}

const numericTypes: ReadonlySet<ReportValueType> = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);
const relationshipTypes: ReadonlySet<ReportValueType> = new Set([
  'RelatedResource',
  'InlineRelationship',
  'UserInlineRelationship',
  'ChoiceRelationship',
  'StructureLevels',
]);
const defaultImageSize = 32;

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

function readValueRule(meta: ReportColumnMeta): ReportValueRule {
  const rule = meta.valueRule;
  return rule && typeof rule === 'object' ? rule : {};
}

function isFormat(value: unknown): value is ConditionalFormat {
  if (!value || typeof value !== 'object') return false;
  const f = value as Partial<ConditionalFormat>;
  return (
    (f.style === 'Highlight' || f.style === 'Icon' || f.style === 'ProgressBar') && Array.isArray(f.rules)
  );
}

/** An image column: the metadata says so (type Image, decision 0022), or the value rule sizes images. */
function isImageColumn(meta: ReportColumnMeta, rule: ReportValueRule): boolean {
  return (
    meta.type === 'Image' ||
    meta.represents === 'image' ||
    positive(rule.imgw) !== undefined ||
    positive(rule.imgh) !== undefined
  );
}

function templateOf(
  meta: ReportColumnMeta,
  isImage: boolean,
  format: ConditionalFormat | undefined,
  options: ColumnModelOptions,
): CellTemplate {
  if (isImage) return 'image';
  if (meta.entityname && options.isDocumentReport) return 'fileLink';
  if (meta.entityname && options.isTaskReport) return 'taskType';
  if (meta.entityname && options.isPersonReport) return 'avatar';
  if (
    relationshipTypes.has(meta.type) &&
    meta.type !== 'ChoiceRelationship' &&
    meta.tid !== undefined &&
    options.personTypeIds?.has(meta.tid)
  )
    return 'avatar';
  switch (format?.style) {
    case 'Highlight':
      return 'highlight';
    case 'Icon':
      return 'icon';
    case 'ProgressBar':
      return 'progressBar';
    default:
      return 'plain';
  }
}

/** One column of the model from its metadata. */
export function gridColumnOf(
  id: string,
  meta: ReportColumnMeta,
  valueIndex: number,
  options: ColumnModelOptions = {},
): GridColumn {
  const rule = readValueRule(meta);
  const isImage = isImageColumn(meta, rule);
  const own = positive(rule.columnWidth);
  const format = isFormat(meta.cfRule)
    ? meta.cfRule
    : !rule.disabledefft && isFormat(meta.defcfRule)
      ? meta.defcfRule
      : undefined;
  const align: ColumnAlign =
    rule.align === 'left' || rule.align === 'center' || rule.align === 'right'
      ? rule.align
      : numericTypes.has(meta.type)
        ? 'right'
        : meta.type === 'Bool' || isImage
          ? 'center'
          : 'left';
  return {
    id,
    title: meta.title,
    type: meta.type,
    valueIndex,
    width: clampColumnWidth(own, typeMinWidth(meta.type, isImage)),
    flex: typeFlex(meta.type, isImage),
    hasFixedWidth: own !== undefined,
    align,
    lines: Math.min(10, positive(rule.lines) ?? 1),
    hideValue: rule.hideval === true,
    isImage,
    imageSize: {
      width: positive(rule.imgw) ?? defaultImageSize,
      height: positive(rule.imgh) ?? defaultImageSize,
    },
    template: templateOf(meta, isImage, format, options),
    ...(format ? { format } : {}),
    ...(meta.places !== undefined ? { places: meta.places } : {}),
    isFileSize: options.fileSizeFieldId !== undefined && meta.fid === options.fileSizeFieldId,
    meta,
  };
}

/**
 * The grid's columns from the report metadata (spec 02 §3 rcols): visible columns in `ord` order,
 * hidden ones skipped. A row's values are in `ord` order of all columns, hidden ones included.
 */
export function buildColumnModel(
  meta: Pick<ReportMeta, 'rcols'> | undefined,
  options: ColumnModelOptions = {},
): GridColumn[] {
  if (!meta?.rcols || typeof meta.rcols !== 'object') return [];
  const all = Object.entries(meta.rcols)
    .filter(([, c]) => c && typeof c === 'object' && typeof c.ord === 'number')
    .sort(([, a], [, b]) => a.ord - b.ord);
  return all.flatMap(([id, c], index) => (c.hide ? [] : [gridColumnOf(id, c, index, options)]));
}

/** Where each column's cell sits in a row's values, hidden columns included (group keys may be hidden). */
export function columnValueIndexes(meta: Pick<ReportMeta, 'rcols'> | undefined): Record<string, number> {
  if (!meta?.rcols || typeof meta.rcols !== 'object') return {};
  return Object.fromEntries(
    Object.entries(meta.rcols)
      .filter(([, c]) => c && typeof c === 'object' && typeof c.ord === 'number')
      .sort(([, a], [, b]) => a.ord - b.ord)
      .map(([id], index) => [id, index]),
  );
}
