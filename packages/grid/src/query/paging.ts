/** The report's page size when its host does not set one (spec 02 §9). */
export const defaultPageSize = 200;

/** Keeps a page number between 1 and the available count; bad input falls back to page 1. */
export function clampPage(page: number, availablePagesCount: number): number {
  const last = Number.isFinite(availablePagesCount) ? Math.max(1, Math.floor(availablePagesCount)) : 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** A paging command of the footer's pager (spec 02 §4 "Paging"). */
export type PagingCommand =
  | { kind: 'goto'; page: number }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'first' };

/** The page a paging command leads to, kept between 1 and the available count. */
export function pageAfter(command: PagingCommand, page: number, availablePagesCount: number): number {
  switch (command.kind) {
    case 'goto':
      return clampPage(command.page, availablePagesCount);
    case 'next':
      return clampPage(page + 1, availablePagesCount);
    case 'previous':
      return clampPage(page - 1, availablePagesCount);
    case 'first':
      return 1;
  }
}

export interface PageCountInput {
  page: number;
  pageSize: number;
  /** The number of records when known (grand total, or the last page reached). */
  recordsCount: number | undefined;
  hasMore: boolean;
}

/**
 * How many pages can be reached: every page when the record count is known, otherwise the pages
 * seen so far plus one while the server reports more.
 */
export function availablePagesCount({ page, pageSize, recordsCount, hasMore }: PageCountInput): number {
  const size = Math.max(1, Math.floor(pageSize) || 1);
  if (recordsCount !== undefined && Number.isFinite(recordsCount)) {
    return Math.max(1, Math.ceil(Math.max(0, recordsCount) / size));
  }
  return Math.max(1, Math.floor(page) || 1) + (hasMore ? 1 : 0);
}

/** The page to show after deleting records: one step back when the last page became empty. */
export function pageAfterDelete(input: {
  page: number;
  pageSize: number;
  recordsCount: number;
  deletedCount: number;
}): number {
  const remaining = Math.max(0, input.recordsCount - Math.max(0, input.deletedCount));
  const pages = availablePagesCount({
    page: input.page,
    pageSize: input.pageSize,
    recordsCount: remaining,
    hasMore: false,
  });
  return clampPage(input.page, pages);
}
