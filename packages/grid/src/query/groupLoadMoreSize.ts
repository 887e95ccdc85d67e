/**
 * How many rows a group's 'Load more' asks for (spec 02 §9): ten pages when the same group asked
 * last time, otherwise one page.
 */
export function groupLoadMoreSize(
  pageSize: number,
  groupKey: string,
  lastRequestedGroupKey: string | undefined,
): number {
  const size = Math.max(1, Math.floor(pageSize) || 1);
  return groupKey === lastRequestedGroupKey ? size * 10 : size;
}
