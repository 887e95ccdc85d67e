import {
  type Breakpoint,
  breakpoints,
  columnSpanAt,
  type ElementStyle,
  type LayoutElement,
  newContainerGap,
  type PageConfiguration,
  rootColumnsAt,
  spacingPx,
  styleAt,
} from '@plinth/schema';
import type { CSSProperties } from 'react';

/**
 * How an element of the flow layout is drawn, as CSS custom properties per breakpoint
 * (`--pl-span-lg`, …) and classes; flowLayout.css picks the breakpoint's values with container
 * queries on the page's width, so nothing is measured in script (decision 0068).
 */
type Vars = Record<string, string | number>;

const ratio = (value: ElementStyle['aspectRatio']) =>
  value && value !== 'auto' ? value.replace(':', ' / ') : 'auto';

const track = (t: { unit: string; value: number }) => {
  switch (t.unit) {
    case 'fr':
      return `minmax(0, ${t.value}fr)`;
    case 'px':
      return `${t.value}px`;
    case 'minContent':
      return 'min-content';
    case 'maxContent':
      return 'max-content';
    default:
      return 'auto';
  }
};

const alignValue = (value: string | undefined, fallback: string) => {
  switch (value) {
    case 'start':
      return 'flex-start';
    case 'end':
      return 'flex-end';
    case 'between':
      return 'space-between';
    case 'around':
      return 'space-around';
    case 'evenly':
      return 'space-evenly';
    case undefined:
      return fallback;
    default:
      return value;
  }
};

/** A grid's own columns at a breakpoint: the root's are fixed (12, 8, 4); others' set, else the same. */
export function gridColumnsFor(element: LayoutElement, bp: Breakpoint, isRoot: boolean): number {
  if (isRoot) return rootColumnsAt(bp);
  return styleAt(element.styles, bp).columns ?? rootColumnsAt(bp);
}

export interface ParentInfo {
  kind: 'grid' | 'container';
  /** The parent grid's columns per breakpoint. */
  columns: Record<Breakpoint, number>;
}

/** The variables of an element as a child of its parent: its cell (grid) or its flex item size. */
function itemVars(element: LayoutElement, parent: ParentInfo): Vars {
  const vars: Vars = {};
  for (const bp of breakpoints) {
    const style = styleAt(element.styles, bp);
    if (parent.kind === 'grid') {
      const span = columnSpanAt(element.styles, bp, parent.columns[bp]);
      const start = style.columnStart && style.columnStart <= parent.columns[bp] ? style.columnStart : 'auto';
      vars[`--pl-column-${bp}`] = `${start} / span ${span}`;
      vars[`--pl-row-${bp}`] = `${style.rowStart ?? 'auto'} / span ${style.rowSpan ?? 1}`;
    }
    vars[`--pl-order-${bp}`] = style.order ?? 0;
    vars[`--pl-grow-${bp}`] = style.flexGrow ?? 0;
    vars[`--pl-margin-${bp}`] = `${spacingPx(style.marginY)}px ${spacingPx(style.marginX)}px`;
    vars[`--pl-ratio-${bp}`] = ratio(style.aspectRatio);
  }
  return vars;
}

/** The variables of a grid or container as a parent: its columns and rows, gap, padding, alignment. */
function parentVars(element: LayoutElement, isRoot: boolean, page?: PageConfiguration): Vars {
  const vars: Vars = {};
  for (const bp of breakpoints) {
    const style = styleAt(element.styles, bp);
    const gap = isRoot ? (style.gap ?? page?.styles[bp].gap) : (style.gap ?? newContainerGap);
    vars[`--pl-gap-${bp}`] = `${spacingPx(gap)}px`;
    if (isRoot) {
      vars[`--pl-padding-${bp}`] = `${spacingPx(page?.styles[bp].margin)}px`;
    } else {
      // A card without its own padding gets a small one, so its content does not touch its edge.
      const inset = style.background === 'card' ? 'sm' : undefined;
      vars[`--pl-padding-${bp}`] =
        `${spacingPx(style.paddingY ?? inset)}px ${spacingPx(style.paddingX ?? inset)}px`;
    }
    if (element.type === 'grid') {
      const columns = gridColumnsFor(element, bp, isRoot);
      vars[`--pl-columns-${bp}`] =
        style.columnSizes && style.columnSizes.length > 0
          ? style.columnSizes.map(track).join(' ')
          : `repeat(${columns}, minmax(0, 1fr))`;
      vars[`--pl-rows-${bp}`] =
        style.rowSizes && style.rowSizes.length > 0
          ? style.rowSizes.map(track).join(' ')
          : style.rows
            ? `repeat(${style.rows}, auto)`
            : 'none';
      vars[`--pl-flow-${bp}`] = style.flow ?? 'row';
      vars[`--pl-justify-items-${bp}`] = style.justifyItems ?? 'stretch';
      vars[`--pl-align-items-${bp}`] = style.alignItems ?? 'stretch';
    } else {
      vars[`--pl-direction-${bp}`] = style.flexDirection ?? 'column';
      vars[`--pl-wrap-${bp}`] = style.wrap ? 'wrap' : 'nowrap';
      vars[`--pl-justify-${bp}`] = alignValue(style.justifyContent, 'flex-start');
      vars[`--pl-align-items-${bp}`] = alignValue(style.alignItems, 'stretch');
    }
  }
  return vars;
}

/** The classes that hide an element at the breakpoints where its style (or device setting) hides it. */
export function hiddenClasses(
  element: LayoutElement,
  hiddenOnDevice: Partial<Record<Breakpoint, boolean>> = {},
) {
  return breakpoints
    .filter((bp) => styleAt(element.styles, bp).hidden === true || hiddenOnDevice[bp] === true)
    .map((bp) => `pl-flow--hidden-${bp}`);
}

/** Classes for a container's width and height in its parent and its background, at each breakpoint. */
function sizeClasses(element: LayoutElement): string[] {
  const classes: string[] = [];
  for (const bp of breakpoints) {
    const style = styleAt(element.styles, bp);
    if (style.containerWidth && style.containerWidth !== 'auto')
      classes.push(`pl-flow--w-${style.containerWidth}-${bp}`);
    if (style.containerHeight && style.containerHeight !== 'auto')
      classes.push(`pl-flow--h-${style.containerHeight}-${bp}`);
    if (style.background === 'card') classes.push(`pl-flow--card-${bp}`);
    if (style.aspectRatio && style.aspectRatio !== 'auto') classes.push(`pl-flow--ratio-${bp}`);
  }
  return classes;
}

export interface FlowElementLook {
  className: string;
  style: CSSProperties;
}

/** The classes and variables of one element of the layout. */
export function flowElementLook(
  element: LayoutElement,
  parent: ParentInfo | null,
  options: {
    page?: PageConfiguration;
    hiddenOnDevice?: Partial<Record<Breakpoint, boolean>>;
    compactOn?: Partial<Record<Breakpoint, boolean>>;
  } = {},
): FlowElementLook {
  const isRoot = parent === null;
  const kind = element.type === 'component' ? 'component' : element.type === 'grid' ? 'grid' : 'container';
  const classes = ['pl-flow', `pl-flow--${kind}`];
  if (isRoot) classes.push('pl-flow--root');
  if (parent) classes.push(`pl-flow--in-${parent.kind}`);
  classes.push(...hiddenClasses(element, options.hiddenOnDevice), ...sizeClasses(element));
  for (const bp of breakpoints) if (options.compactOn?.[bp]) classes.push(`pl-flow--compact-${bp}`);
  const vars: Vars = {
    ...(parent ? itemVars(element, parent) : {}),
    ...(kind === 'component' ? {} : parentVars(element, isRoot, options.page)),
  };
  return { className: classes.join(' '), style: vars as CSSProperties };
}
