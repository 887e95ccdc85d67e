/** The documentation pages the server serves, by path. */
export const docsPages: readonly string[] = ['/docs/sample-calculations'];

/** The answer to a target that is not a documentation page (decision 0080). */
export const badDocsTarget =
  'The target must be a documentation page of this site, such as /docs/sample-calculations.';

/**
 * The path to redirect to for the auth-redirect call's `target`, or null when it is not one of the
 * documentation pages, optionally with an `#anchor` of letters, digits, `-` and `_`. Matching the
 * known pages exactly means no target can name another host (`//evil`, `/\evil`, `https:`), climb
 * out of /docs/ (`..`, encoded or not) or carry anything into the Location header.
 */
export function docsRedirectPath(target: string | undefined): string | null {
  if (target === undefined || target.length > 300) return null;
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? '' : target.slice(hash);
  if (!docsPages.includes(path)) return null;
  if (anchor !== '' && !/^#[A-Za-z0-9_-]{1,100}$/.test(anchor)) return null;
  return path + anchor;
}
