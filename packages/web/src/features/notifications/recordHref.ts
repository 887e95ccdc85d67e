/** The runner frame a record opens in: the /apps path, or the hash host route of a tenant. */
export type RecordFrame = { kind: 'path' } | { kind: 'hash'; tenant: string };

/**
 * The runner address that views a record in an app: its record route `_viewRecord` (the runner's
 * runnerTarget.ts makes the same addresses; the bell does not load the runner's code to build one).
 *
 * @example recordHref('crm', 42) // '/apps/crm/_viewRecord?cid=42&formMode=view'
 */
export function recordHref(appSlug: string, recordId: number, frame: RecordFrame = { kind: 'path' }): string {
  if (frame.kind === 'path')
    return `/apps/${encodeURIComponent(appSlug)}/_viewRecord?cid=${recordId}&formMode=view`;
  const query = new URLSearchParams({
    app: appSlug,
    page: '_viewRecord',
    cid: String(recordId),
    formMode: 'view',
  });
  return `#/${encodeURIComponent(frame.tenant)}/0/apprunner?${query}`;
}
