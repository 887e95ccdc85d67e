/**
 * The runner's query parameters (spec 01 §2), read in one place. Every value is checked: a
 * malformed one reads as absent, never as an error (bad input never crashes the runner).
 */
export interface RunnerQuery {
  /** App and page (the hash host route names them in its query). */
  app: string | null;
  page: string | null;
  /** The context record's id, or the type's id when creating. */
  cid: number | null;
  /** The page to open (a form page for a record); 0 when not given. */
  pageId: number;
  formMode: RunnerFormMode;
  /** The related record, relationship type and direction a new record is created from. */
  relEid: number | null;
  relTypeId: number | null;
  relDir: 'fwd' | 'rev' | null;
  stateStorageId: string | null;
  /** The navigation was made inside the runner (internalNavigation=1). */
  internalNavigation: boolean;
  /** Runtime options: base64-encoded JSON of an object (spec 01 §2 "page options"). */
  rtOptions: Record<string, unknown> | null;
  preview: boolean;
  /** The breadcrumb trail (W3's `breadcrumbs` ids) and the classic client's copy of it. */
  breadcrumbs: string | null;
  rnurlbs: string | null;
  fromPageSlug: string | null;
  asPath: string | null;
  /** The task a record route is opened for: its banner shows above the form (decision 0131). */
  taskId: number | null;
}

export type RunnerFormMode = 'view' | 'edit' | 'default';

/** Form mode normalisation (spec 01 §2): view, edit or default; anything else is default. */
export function normaliseFormMode(value: string | null): RunnerFormMode {
  return value === 'view' || value === 'edit' ? value : 'default';
}

const positiveId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
};

const text = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Base64 (standard or URL-safe) of a JSON object; anything else is null. */
export function decodeRuntimeOptions(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const base64 = value.trim().replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Page options as the runner passes them: base64 of their JSON (UTF-8). */
export function encodeRuntimeOptions(options: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(options));
  return btoa(String.fromCharCode(...bytes));
}

/** Reads a runner URL's query (its search, or the hash host route's query). */
export function parseRunnerQuery(query: URLSearchParams | string): RunnerQuery {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const relDir = q.get('relDir');
  return {
    app: text(q.get('app')),
    page: text(q.get('page')),
    cid: positiveId(q.get('cid')),
    pageId: positiveId(q.get('pageId')) ?? 0,
    formMode: normaliseFormMode(q.get('formMode')),
    relEid: positiveId(q.get('relEid')),
    relTypeId: positiveId(q.get('relTypeId')),
    relDir: relDir === 'fwd' || relDir === 'rev' ? relDir : null,
    stateStorageId: text(q.get('stateStorageId')),
    internalNavigation: q.get('internalNavigation') === '1',
    rtOptions: decodeRuntimeOptions(q.get('rtOptions')),
    preview: q.get('preview') === '1',
    breadcrumbs: text(q.get('breadcrumbs')),
    rnurlbs: text(q.get('rnurlbs')),
    fromPageSlug: text(q.get('fromPageSlug')),
    asPath: text(q.get('asPath')),
    taskId: positiveId(q.get('taskId')),
  };
}

/** The query of the hash host route `#/{tenant}/0/apprunner?…` (empty for any other hash). */
export function hostQuery(hash: string): URLSearchParams {
  const match = /^#\/[^/?]+\/0\/apprunner\?(.*)$/.exec(hash);
  return new URLSearchParams(match?.[1] ?? '');
}
