// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places its rows absolutely, which table elements cannot; the ARIA grid roles carry the semantics
// biome-ignore-all lint/a11y/useFocusableInteractive: grid rows and cells take focus through the roving tab index, not each one
import type { CSSProperties, KeyboardEvent } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { labelledAggregateText } from '../columns/aggregateText.js';
import { type CellTextSettings, cellText } from '../columns/cellText.js';
import type { GridColumn } from '../columns/columnModel.js';
import type { ReportColumnMeta, SortOrder } from '../types.js';
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
  widths: Record<string, number>;
  leadingWidth: number;
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

/**
 * A group-header row: expand/collapse toggle, the group's values and record count, its aggregates
 * under their columns (3 decimals), and a menu with sort, expand and collapse all and load more.
 */
export function GroupHeaderRow({
  group,
  isExpanded,
  groupColumns,
  columns,
  widths,
  leadingWidth,
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
  const label = groupLabel(group, groupColumns, settings);
  const canLoadMore = group.hasMore;
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
        className="pl-grid__cell pl-grid__group-label"
        style={{ width: leadingWidth + (widths[columns[0]?.id ?? ''] ?? 0) }}
      >
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
        <span className="pl-grid__text">
          {label}
          {showCount && group.count !== null ? ` (${group.count})` : ''}
        </span>
        {onLoadMore && canLoadMore ? (
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
      {columns.slice(1).map((column) => {
        const text = aggregatesOf(group, column.id)
          .map((a) => labelledAggregateText(column, a, settings))
          .join(' · ');
        return (
          <div
            key={column.id}
            role="gridcell"
            className={`pl-grid__cell pl-grid__cell--${column.align} pl-grid__aggregate`}
            style={{ width: widths[column.id] }}
          >
            {/* One line in the 32 px row, cut with an ellipsis; the whole text on hover. */}
            {text && (
              <span className="pl-grid__text" title={text}>
                {text}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
