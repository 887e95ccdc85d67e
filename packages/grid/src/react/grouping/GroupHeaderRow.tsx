// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import type { CSSProperties, KeyboardEvent } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { aggregateLabels, aggregateText } from '../../columns/aggregateText.js';
import { type CellTextSettings, cellText } from '../../columns/cellText.js';
import type { GridColumn } from '../../columns/columnModel.js';
import type { ReportColumnMeta, SortOrder } from '../../types.js';
import type { GridGroup } from './displayRows.js';

/** The group header menu (spec 02 §2), verbatim. */
export const groupMenuLabels = {
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',
  expandAll: 'Expand All',
  collapseAll: 'Collapse All',
  loadMore: 'Load more',
} as const;

export interface GroupHeaderRowProps {
  group: GridGroup;
  isExpanded: boolean;
  /** The group columns' metadata, outermost first. */
  groupColumns: readonly ReportColumnMeta[];
  columns: readonly GridColumn[];
  /** The width of the grid's visible area: the header's content stays in it as the grid scrolls sideways. */
  visibleWidth: number;
  showCount: boolean;
  settings: CellTextSettings;
  style: CSSProperties;
  rowIndex: number;
  isFocused: boolean;
  onFocusRow: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onToggle: () => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onSort?: (order: SortOrder) => void;
  onLoadMore?: () => void;
}

function aggregatesOf(group: GridGroup, colid: string) {
  const list = group.aggs?.[colid];
  return Array.isArray(list) ? list.filter((a) => a && typeof a === 'object') : [];
}

/** The label of a group: its header values, e.g. 'Adelaide / Gold'. */
export function groupLabel(
  group: GridGroup,
  groupColumns: readonly ReportColumnMeta[],
  settings: CellTextSettings,
) {
  return group.hdrs
    .map((h, i) => {
      const meta = groupColumns[i];
      const text = meta ? cellText({ type: meta.type, places: meta.places }, h, settings) : '';
      return text === '' ? '(blank)' : text;
    })
    .join(' / ');
}

/** What a group header shows: its label, its count and its aggregates, each with its value. */
export interface GroupHeaderParts {
  label: string;
  /** '(52)', or empty when the report does not show counts. */
  countText: string;
  /** 'Sum of Amount: $1,234.00', in the column's format. */
  aggregates: string[];
  hasLoadMore: boolean;
}

export function groupHeaderParts(
  group: GridGroup,
  groupColumns: readonly ReportColumnMeta[],
  columns: readonly GridColumn[],
  settings: CellTextSettings,
  options: { showCount: boolean; hasLoadMore: boolean },
): GroupHeaderParts {
  return {
    label: groupLabel(group, groupColumns, settings),
    countText: options.showCount && typeof group.count === 'number' ? `(${group.count})` : '',
    aggregates: columns.flatMap((column) =>
      aggregatesOf(group, column.id).flatMap((a) => {
        const text = aggregateText(column, a, settings);
        return text === '' ? [] : [`${aggregateLabels[a.kind] ?? a.kind} of ${column.title}: ${text}`];
      }),
    ),
    hasLoadMore: options.hasLoadMore,
  };
}

// Widths for laying the header out before it is drawn: generous, so a line is never short.
const charWidth = 8;
const buttonWidth = 24;
const loadMoreWidth = 88;
const gap = 8;
const padding = 16;
const firstLineHeight = 32;
const lineHeight = 20;

/**
 * The lines a group header takes in a width: the toggle, label, count, Load more and menu on the
 * first; the aggregates after them when they all fit, else from the next line on, as many a line as
 * fit, never cut. The label
 * alone truncates, and only when the first line cannot hold it.
 */
export function groupHeaderLines(parts: GroupHeaderParts, width: number): number {
  if (!(width > 0)) return 1;
  const room = width - padding;
  const textWidth = (text: string) => text.length * charWidth;
  const used =
    buttonWidth * 2 +
    textWidth(parts.label) +
    (parts.countText ? gap + textWidth(parts.countText) : 0) +
    (parts.hasLoadMore ? gap + loadMoreWidth : 0) +
    gap * 2;
  const widths = parts.aggregates.map((item) => textWidth(item) + gap * 2);
  const all = widths.reduce((sum, w) => sum + w, 0);
  // The aggregates go on the first line together, or from the second line on, wrapped.
  if (widths.length === 0 || used + gap + all <= room) return 1;
  let lines = 2;
  let line = 0;
  for (const w of widths) {
    if (line > 0 && line + w > room) {
      lines += 1;
      line = 0;
    }
    line += w;
  }
  return lines;
}

/** The height of a group header of so many lines: a grid row, then a text line each. */
export function groupHeaderHeight(lines: number): number {
  return firstLineHeight + Math.max(0, lines - 1) * lineHeight;
}

/**
 * A group-header row: expand/collapse toggle, the group's label and record count, Load more and a
 * menu with sort, expand and collapse all and load more; then its aggregates, each with its value in
 * the column's format. The content stays in the grid's visible width as it scrolls sideways and
 * wraps onto the lines the row was given ({@link groupHeaderLines}).
 */
export function GroupHeaderRow({
  group,
  isExpanded,
  groupColumns,
  columns,
  visibleWidth,
  showCount,
  settings,
  style,
  rowIndex,
  isFocused,
  onFocusRow,
  onKeyDown,
  onToggle,
  onExpandAll,
  onCollapseAll,
  onSort,
  onLoadMore,
}: GroupHeaderRowProps) {
  const canLoadMore = group.hasMore;
  const parts = groupHeaderParts(group, groupColumns, columns, settings, {
    showCount,
    hasLoadMore: Boolean(onLoadMore && canLoadMore),
  });
  const { label } = parts;
  const menuItems = [
    {
      id: 'asc',
      label: groupMenuLabels.sortAscending,
      action: () => onSort?.('Ascending'),
      disabled: !onSort,
    },
    {
      id: 'desc',
      label: groupMenuLabels.sortDescending,
      action: () => onSort?.('Descending'),
      disabled: !onSort,
    },
    { id: 'expand', label: groupMenuLabels.expandAll, action: onExpandAll, disabled: false },
    { id: 'collapse', label: groupMenuLabels.collapseAll, action: onCollapseAll, disabled: false },
    {
      id: 'more',
      label: groupMenuLabels.loadMore,
      action: () => onLoadMore?.(),
      disabled: !onLoadMore || !canLoadMore,
    },
  ];
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      aria-expanded={isExpanded}
      aria-label={label}
      className="pl-grid__row pl-grid__row--group"
      style={style}
      tabIndex={isFocused ? 0 : -1}
      data-row-key={`g${group.key}`}
      onFocus={onFocusRow}
      onKeyDown={onKeyDown}
    >
      <div
        role="gridcell"
        aria-colspan={Math.max(1, columns.length)}
        className="pl-grid__cell pl-grid__group-cell"
        style={visibleWidth > 0 ? { width: visibleWidth } : { flex: 1 }}
      >
        <div className="pl-grid__group-head">
          <button
            type="button"
            className="pl-grid__group-toggle"
            aria-label={isExpanded ? `Collapse ${label}` : `Expand ${label}`}
            aria-expanded={isExpanded}
            tabIndex={-1}
            onClick={onToggle}
          >
            <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
          </button>
          <span className="pl-grid__group-name" title={label}>
            {label}
          </span>
          {parts.countText ? (
            <>
              {' '}
              <span className="pl-grid__group-count">{parts.countText}</span>
            </>
          ) : null}
          {parts.hasLoadMore ? (
            <button
              type="button"
              className="pl-grid__group-more"
              aria-label={`${groupMenuLabels.loadMore} of ${label}`}
              tabIndex={-1}
              onClick={onLoadMore}
            >
              {groupMenuLabels.loadMore}
            </button>
          ) : null}
          <MenuTrigger>
            <Button
              className="pl-grid__group-menu"
              aria-label={`Group options for ${label}`}
              excludeFromTabOrder
            >
              <span aria-hidden="true">⋯</span>
            </Button>
            <Popover className="pl-popover pl-menu-popover" placement="bottom start">
              <Menu className="pl-menu" aria-label={`Group options for ${label}`}>
                {menuItems.map((item) => (
                  <MenuItem
                    key={item.id}
                    id={item.id}
                    className="pl-menu__item"
                    isDisabled={item.disabled}
                    onAction={item.action}
                  >
                    {item.label}
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
        {parts.aggregates.length > 0 ? (
          <div role="list" aria-label={`Totals of ${label}`} className="pl-grid__group-aggregates">
            {parts.aggregates.map((text) => (
              <span key={text} role="listitem" className="pl-grid__group-aggregate">
                {text}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
