import { imageUrl } from '@plinth/fields';
import { DataGrid } from '@plinth/grid';
import { Button, ErrorDisplay, gridMetrics, IconButton } from '@plinth/ui';
import { type RelatedRows, rowName } from './useRelatedRows';

export interface RelatedRecordsViewProps {
  title: string;
  displayAs: 'dataTable' | 'inline';
  rows: RelatedRows;
  rowsPerPage: number;
  /** 0-based. */
  page: number;
  onPageChange: (page: number) => void;
  isSelectable: boolean;
  selectedIds: readonly number[];
  onSelectionChange: (ids: number[]) => void;
  onOpen: (id: number) => void;
  /** Inline: each record's own Remove button. */
  onRemove?: (id: number, name: string | null) => void;
  /** Records added and not saved yet (marked in the inline list). */
  pendingIds: readonly number[];
}

const unnamed = (name: string | null) => (name?.trim() ? name : 'Unnamed resource');

/**
 * The related records: the display report's grid (a check box per row when they can be removed;
 * double-click opens one), or an inline list of names; then the pager, 6 a page.
 */
export function RelatedRecordsView(props: RelatedRecordsViewProps) {
  const { rows, page } = props;
  const empty = <p className="pl-rel-table__empty">No records to show.</p>;
  let body: React.ReactNode;
  const isEmpty = rows.status === 'ready' && rows.rows.length === 0;
  if (rows.status === 'failed') body = <ErrorDisplay message={rows.error ?? 'Unexpected error.'} />;
  // No records: the message alone (a grid's body with no row is not a valid grid).
  else if (isEmpty) body = empty;
  else if (props.displayAs === 'inline')
    body = (
      <ul className="pl-rel-table__inline" aria-label={props.title} aria-busy={rows.status === 'loading'}>
        {rows.rows.map((row) => {
          const name = rowName(rows.meta, row);
          return (
            <li key={row.eid} className={props.pendingIds.includes(row.eid) ? 'is-pending' : undefined}>
              <Button variant="subtle" size="small" onPress={() => props.onOpen(row.eid)}>
                {unnamed(name)}
              </Button>
              {props.onRemove && (
                <IconButton
                  size="small"
                  label={`Remove ${unnamed(name)}`}
                  onPress={() => props.onRemove?.(row.eid, name)}
                >
                  ×
                </IconButton>
              )}
            </li>
          );
        })}
      </ul>
    );
  else
    body = (
      <div className="pl-rel-table__grid">
        <DataGrid
          label={props.title}
          meta={rows.meta}
          rows={rows.rows}
          mode={props.isSelectable ? 'multiSelect' : 'default'}
          selectedIds={props.selectedIds}
          onSelectionChange={(ids) => props.onSelectionChange(ids.map(Number))}
          onRowDoubleClick={(row) => props.onOpen(row.eid)}
          isLoading={rows.status === 'loading' && !rows.meta}
          placeholderRows={props.rowsPerPage}
          imageUrl={(id, size) => imageUrl(Number(id), size)}
          height={gridMetrics.headerHeight + Math.max(rows.rows.length, 2) * gridMetrics.rowHeight + 18}
        />
      </div>
    );
  const hasPages = page > 0 || rows.hasMore;
  return (
    <>
      {body}
      {hasPages && (
        <nav className="pl-rel-table__pager" aria-label={`${props.title} pages`}>
          <IconButton
            size="small"
            label="Previous page"
            isDisabled={page === 0}
            onPress={() => props.onPageChange(page - 1)}
          >
            ‹
          </IconButton>
          <span aria-live="polite">Page {page + 1}</span>
          <IconButton
            size="small"
            label="Next page"
            isDisabled={!rows.hasMore}
            onPress={() => props.onPageChange(page + 1)}
          >
            ›
          </IconButton>
        </nav>
      )}
    </>
  );
}
