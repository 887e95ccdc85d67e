import { z } from 'zod';
import type {
  ConditionalFormat,
  ConditionalFormatRule,
  ReportValueRule,
} from '../contracts/reportContracts.js';
import { isCssColour, readableTextColour, usableChoiceColour } from './colours.js';
import type { ReportValueType } from './operators.js';

/**
 * A report column's formatting as a report definition stores it (spec 02 §3 cfRule, valueRule).
 * The shapes here only check JSON types; `checkColumnFormatting` checks the meaning against the
 * column and says what is wrong, so a builder's mistake gets a sentence, not a schema path.
 */
const bound = z.union([z.number(), z.string().max(100), z.null()]);

export const storedFormatRule = z
  .object({
    bgcolor: z.string().max(100).optional(),
    fgcolor: z.string().max(100).optional(),
    /** An image document shown by Icon rules. */
    imgid: z.number().int().positive().optional(),
    /** Both inclusive; a missing or null bound is open. */
    bounds: z.object({ lower: bound.optional(), upper: bound.optional() }).strict().optional(),
  })
  .strict();

/** Conditional formatting: Highlight, Icon or ProgressBar; the first rule whose bounds hold the value applies. */
export const storedColumnFormat = z
  .object({ style: z.string().max(40), rules: z.array(storedFormatRule).max(50) })
  .strict();
export type StoredColumnFormat = z.infer<typeof storedColumnFormat>;

/** How a column's values show: wrapped lines, alignment, value hidden behind its formatting, image size. */
export const storedValueRule = z
  .object({
    lines: z.number().optional(),
    align: z.string().max(20).optional(),
    hideval: z.boolean().optional(),
    /** Do not apply the column's default formatting (a choice's colours). */
    disabledefft: z.boolean().optional(),
    imgw: z.number().optional(),
    imgh: z.number().optional(),
  })
  .strict();
export type StoredValueRule = z.infer<typeof storedValueRule>;

export const conditionalFormatStyles = ['Highlight', 'Icon', 'ProgressBar'] as const;
const alignments = ['left', 'center', 'right'] as const;
const numberTypes: ReadonlySet<ReportValueType> = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);
const progressTypes: ReadonlySet<ReportValueType> = new Set(['Int32', 'Decimal', 'Currency']);
export const imageSizeLimits = { min: 8, max: 512 } as const;

export type ColumnFormattingResult =
  | { ok: true; isImage: boolean; format?: ConditionalFormat; valueRule?: ReportValueRule }
  | { ok: false; message: string };

/** The column a formatting is checked against: its value type, and whether its values are documents. */
export interface FormattedColumn {
  type: ReportValueType;
  /** A relationship to documents: an image size makes it an image column. */
  canShowImages: boolean;
}

type Bound = string | number | null | undefined;

const shown = (b: string | number) => (typeof b === 'number' ? String(b) : `'${b}'`);

/** The same order the grid applies rules in: numbers as numbers, anything else as text. */
function compareBounds(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** What is wrong with a bound for the column's type, if anything. */
function boundProblem(b: string | number, type: ReportValueType): string | undefined {
  if (numberTypes.has(type))
    return typeof b === 'number' ? undefined : `the bound ${shown(b)} is not a number.`;
  switch (type) {
    case 'Date':
      return typeof b === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b)
        ? undefined
        : `the bound ${shown(b)} is not a date (yyyy-MM-dd).`;
    case 'DateTime':
      return typeof b === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(b)
        ? undefined
        : `the bound ${shown(b)} is not a UTC date and time (yyyy-MM-ddTHH:mm:ssZ).`;
    case 'Time':
      return typeof b === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(b)
        ? undefined
        : `the bound ${shown(b)} is not a time (HH:mm).`;
    default:
      return undefined;
  }
}

function ruleProblem(
  rule: StoredColumnFormat['rules'][number],
  style: ConditionalFormat['style'],
  type: ReportValueType,
): string | undefined {
  for (const colour of [rule.bgcolor, rule.fgcolor])
    if (colour !== undefined && !isCssColour(colour)) return `'${colour}' is not a colour.`;
  const lower: Bound = rule.bounds?.lower;
  const upper: Bound = rule.bounds?.upper;
  for (const b of [lower, upper]) {
    if (b === null || b === undefined) continue;
    const problem = boundProblem(b, type);
    if (problem) return problem;
  }
  const hasLower = lower !== null && lower !== undefined;
  const hasUpper = upper !== null && upper !== undefined;
  if (hasLower && hasUpper && compareBounds(lower, upper) > 0)
    return `the lower bound ${shown(lower)} is above the upper bound ${shown(upper)}.`;
  switch (style) {
    case 'Highlight':
      return rule.bgcolor === undefined && rule.fgcolor === undefined
        ? 'a Highlight rule needs a colour (bgcolor or fgcolor).'
        : undefined;
    case 'Icon':
      return rule.imgid === undefined ? 'an Icon rule needs an image (imgid).' : undefined;
    case 'ProgressBar':
      // The bar is valid only when the bounds differ (spec 02 §5 "Progress bar").
      return hasLower && hasUpper && compareBounds(lower, upper) === 0
        ? 'a progress bar needs different lower and upper bounds.'
        : undefined;
  }
}

function valueRuleProblem(rule: StoredValueRule, column: FormattedColumn): string | undefined {
  if (rule.lines !== undefined && !(Number.isInteger(rule.lines) && rule.lines >= 1 && rule.lines <= 10))
    return 'lines must be a whole number from 1 to 10.';
  if (rule.align !== undefined && !(alignments as readonly string[]).includes(rule.align))
    return 'align must be left, center or right.';
  const sizes = [rule.imgw, rule.imgh].filter((s) => s !== undefined);
  if (sizes.length === 0) return undefined;
  if (!column.canShowImages) return 'image sizes apply only to relationships to documents.';
  if (!sizes.every((s) => Number.isInteger(s) && s >= imageSizeLimits.min && s <= imageSizeLimits.max))
    return `image sizes must be whole numbers of pixels from ${imageSizeLimits.min} to ${imageSizeLimits.max}.`;
  return undefined;
}

/**
 * Checks a column's stored formatting against the column: the style is known, colours are CSS
 * colours (so nothing else reaches a style attribute), bounds suit the column's type and the lower
 * is not above the upper, Icon rules name an image, progress bars are on numbers; value rules in
 * range, and image sizes only where values are documents. A relationship to documents with an
 * image size is an image column. Messages are for "Column 'x': …".
 */
export function checkColumnFormatting(
  input: { format?: StoredColumnFormat; valueRule?: StoredValueRule },
  column: FormattedColumn,
): ColumnFormattingResult {
  const fail = (message: string): ColumnFormattingResult => ({ ok: false, message });
  const rule = input.valueRule ?? {};
  const ruleProblemText = valueRuleProblem(rule, column);
  if (ruleProblemText) return fail(ruleProblemText);
  const isImage = column.canShowImages && (rule.imgw !== undefined || rule.imgh !== undefined);
  const valueRule = Object.keys(rule).length > 0 ? (rule as ReportValueRule) : undefined;
  const done = (format?: ConditionalFormat): ColumnFormattingResult => ({
    ok: true,
    isImage,
    ...(format ? { format } : {}),
    ...(valueRule ? { valueRule } : {}),
  });
  const format = input.format;
  if (!format) return done();
  if (isImage) return fail('an image column cannot have conditional formatting.');
  const style = conditionalFormatStyles.find((s) => s === format.style);
  if (!style)
    return fail(`the formatting style '${format.style}' is not known; use Highlight, Icon or ProgressBar.`);
  if (format.rules.length === 0) return fail('the formatting has no rules.');
  if (style === 'ProgressBar' && !progressTypes.has(column.type))
    return fail('a progress bar needs a number column.');
  for (const [i, r] of format.rules.entries()) {
    const problem = ruleProblem(r, style, column.type);
    if (problem) return fail(`rule ${i + 1}: ${problem}`);
  }
  return done({ style, rules: format.rules });
}

/** A choice (enumeration) value as its formatting needs it. */
export interface ChoiceValueLook {
  name: string | null;
  colour: string | null;
  /** The image document of the value's icon. */
  iconImageId: number | null;
}

/**
 * A choice column's default formatting (spec 02 §3 defcfRule) from its values' own colours and
 * icons: icons when any value has one, else a highlight in each value's colour with readable text.
 * Rules match a value by its name (the text the cell shows); transparent, white and black colours
 * are ignored (spec 02 §3). No colours and no icons: no default formatting.
 */
export function choiceDefaultFormat(values: readonly ChoiceValueLook[]): ConditionalFormat | undefined {
  const named = values.filter((v): v is ChoiceValueLook & { name: string } => !!v.name);
  const exactly = (name: string) => ({ bounds: { lower: name, upper: name } });
  if (named.some((v) => v.iconImageId !== null)) {
    const rules = named.flatMap((v): ConditionalFormatRule[] => {
      if (v.iconImageId === null) return [];
      const colour = usableChoiceColour(v.colour);
      return [{ ...exactly(v.name), imgid: v.iconImageId, ...(colour ? { bgcolor: colour } : {}) }];
    });
    return { style: 'Icon', rules };
  }
  const rules = named.flatMap((v): ConditionalFormatRule[] => {
    const colour = usableChoiceColour(v.colour);
    if (!colour) return [];
    const text = readableTextColour(colour);
    return [{ ...exactly(v.name), bgcolor: colour, ...(text ? { fgcolor: text } : {}) }];
  });
  return rules.length > 0 ? { style: 'Highlight', rules } : undefined;
}
