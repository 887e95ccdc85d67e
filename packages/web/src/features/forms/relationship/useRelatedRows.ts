import { type ReportRunResponse, reportQuery, reportRunResponse } from '@plinth/schema';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/apiClient';
import type { EndWithReports } from '../../pickerData/public';
import { displayReportPath } from './endReports';

type Meta = NonNullable<ReportRunResponse['meta']>;
type Row = ReportRunResponse['gdata'][number];

export interface RelatedRowsRequest {
  /** The component's display report; absent: the end's, else the related type's (`displayReportPath`). */
  reportId: number | undefined;
  relatedTypeId: number;
  /** The record whose related records are shown; 0 or absent: a new record, related to none yet. */
  recordId: number | undefined;
  end: EndWithReports;
  inclids: readonly number[];
  exclids: readonly number[];
  /** 0-based. */
  page: number;
  rowsPerPage: number;
  /** Each change reads the page again (after a save). */
  refreshToken: number;
}

export interface RelatedRows {
  status: 'loading' | 'ready' | 'failed';
  meta: Meta | undefined;
  rows: Row[];
  hasMore: boolean;
  error: string | null;
}

/** The request's page of related records (spec 03 §7 "Report data request"), as the call's body. */
export function relatedRowsQuery(request: RelatedRowsRequest) {
  const { recordId, end, inclids, exclids, page, rowsPerPage } = request;
  return reportQuery.parse({
    startIndex: page * rowsPerPage,
    // One more than shown, to learn whether another page exists.
    pageSize: rowsPerPage + 1,
    displayPageSize: rowsPerPage,
    metadata: 'full',
    ...(recordId ? { relationDetail: { eid: recordId, relid: end.id, direction: end.direction } } : {}),
    ...(inclids.length > 0 ? { inclids: [...inclids] } : {}),
    ...(exclids.length > 0 ? { exclids: [...exclids] } : {}),
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads one page of a relationship table: the records related through the end (relationDetail),
 * with those added and not yet saved (inclids) and without those removed (exclids). A new record
 * with nothing added has nothing to read.
 */
export function useRelatedRows(client: ApiClient, request: RelatedRowsRequest): RelatedRows {
  const [state, setState] = useState<RelatedRows>({
    status: 'loading',
    meta: undefined,
    rows: [],
    hasMore: false,
    error: null,
  });
  const isEmpty = !request.recordId && request.inclids.length === 0;
  const key = JSON.stringify(isEmpty ? null : relatedRowsQuery(request));
  const path = displayReportPath(request.end, request.relatedTypeId, request.reportId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds the query; the token asks again
  useEffect(() => {
    if (isEmpty) {
      setState((s) => ({ ...s, status: 'ready', rows: [], hasMore: false, error: null }));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading' }));
    client.call('POST', path, reportRunResponse, JSON.parse(key), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState((s) => ({
          status: 'ready',
          meta: answer.meta ?? s.meta,
          rows: answer.gdata.slice(0, request.rowsPerPage),
          hasMore: answer.gdata.length > request.rowsPerPage,
          error: null,
        }));
      },
      (error) => {
        if (!controller.signal.aborted)
          setState((s) => ({ ...s, status: 'failed', error: messageOf(error) }));
      },
    );
    return () => controller.abort();
  }, [client, path, key, request.refreshToken]);
  return state;
}

/** The name of a row: its report's name column (entityname), as the picker reads it. */
export function rowName(meta: Meta | undefined, row: Row): string | null {
  const byOrd = Object.values(meta?.rcols ?? {}).sort((a, b) => a.ord - b.ord);
  const at = byOrd.findIndex((c) => c.entityname === true);
  const cell = at < 0 ? undefined : row.values[at];
  if (!cell) return null;
  if ('vals' in cell) return cell.vals[0]?.val ?? null;
  return cell.val === null ? null : (cell.text ?? String(cell.val));
}
