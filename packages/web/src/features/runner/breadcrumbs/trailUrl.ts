/**
 * Breadcrumb trails in URLs (spec 01 §2, decision 0071). A trail is the `breadcrumbs` query
 * parameter: the ids of the breadcrumb records of the pages before this one, oldest first, joined
 * by `.`. A record's id is made from its stored URL, so a page visited again is the same record.
 */

/** The query parameter that carries the trail. */
export const trailParam = 'breadcrumbs';
/** Stripped from every stored URL (spec 01 §9): a stored URL carries no trail of its own. */
export const strippedParams = ['breadcrumbs', 'testtoken', 'rnurlbs', 'aspath'] as const;
/** The most pages a trail remembers; older ones drop off its start. */
export const trailMaxLength = 20;

const base = 'http://plinth.invalid';
const idPattern = /^[0-9a-z]{1,16}$/;

/**
 * The query of a runner URL: its search, or for the hash host route (`#/{tenant}/0/apprunner?…`)
 * the part of the hash after '?'.
 */
function splitUrl(url: string): { path: string; query: URLSearchParams; inHash: boolean; hash: string } {
  const parsed = new URL(url, base);
  const path = parsed.origin === base ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
  const hashQuery = parsed.hash.startsWith('#/') ? parsed.hash.indexOf('?') : -1;
  if (hashQuery >= 0) {
    return {
      path: `${path}${parsed.search}`,
      query: new URLSearchParams(parsed.hash.slice(hashQuery + 1)),
      inHash: true,
      hash: parsed.hash.slice(0, hashQuery),
    };
  }
  return { path, query: parsed.searchParams, inHash: false, hash: parsed.hash };
}

function joinUrl(parts: ReturnType<typeof splitUrl>): string {
  const query = parts.query.toString();
  if (parts.inHash) return `${parts.path}${parts.hash}${query ? `?${query}` : ''}`;
  return `${parts.path}${query ? `?${query}` : ''}${parts.hash}`;
}

/** Whether a query parameter is stripped from stored URLs; names are matched in any case. */
const isStripped = (name: string) => (strippedParams as readonly string[]).includes(name.toLowerCase());

/** A URL as the breadcrumb store keeps it: breadcrumbs, testtoken, rnurlbs and aspath removed. */
export function storedUrl(url: string): string {
  const parts = splitUrl(url);
  for (const name of [...parts.query.keys()]) if (isStripped(name)) parts.query.delete(name);
  return joinUrl(parts);
}

/** The id of the breadcrumb record of a URL: a 53-bit hash of its stored form, in base 36. */
export function breadcrumbIdOf(url: string): string {
  const text = storedUrl(url);
  // cyrb53: a fast, well-spread string hash; a collision only merges two pages' breadcrumbs.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The trail a URL carries: the record ids of its `breadcrumbs` parameter; anything malformed is dropped. */
export function trailOf(url: string): string[] {
  const value = splitUrl(url).query.get(trailParam) ?? '';
  const ids = value.split('.').filter((id) => idPattern.test(id));
  return [...new Set(ids)].slice(-trailMaxLength);
}

/** `url` carrying `trail` (none: no `breadcrumbs` parameter), its other parameters kept. */
export function withTrailIds(url: string, trail: readonly string[]): string {
  const parts = splitUrl(url);
  parts.query.delete(trailParam);
  const ids = trail.slice(-trailMaxLength);
  if (ids.length > 0) parts.query.set(trailParam, ids.join('.'));
  return joinUrl(parts);
}

/** The page a navigation leaves, as its breadcrumb: where it is, and what it is called. */
export interface TrailPage {
  /** The page's URL, as the browser shows it (its own trail included). */
  url: string;
  /** The page's name as the breadcrumb shows it: the page title or the record's name. */
  name: string;
}

/**
 * The URL to navigate to from `current`, its trail being the current one with the current page
 * added. Going to a page already on the trail goes back along it: the trail stops before that page.
 * Without a current page (the menu, a fresh start) the target starts a new trail.
 *
 * @example withTrail('/apps/crm/accounts', { url: '/apps/crm/home', name: 'Home' })
 *   // → '/apps/crm/accounts?breadcrumbs=<id of /apps/crm/home>'
 */
export function withTrail(targetUrl: string, current: TrailPage | undefined): string {
  if (!current) return withTrailIds(targetUrl, []);
  const currentId = breadcrumbIdOf(current.url);
  let trail = trailOf(current.url);
  const at = trail.indexOf(currentId);
  if (at >= 0) trail = trail.slice(0, at);
  trail = [...trail, currentId];
  const targetAt = trail.indexOf(breadcrumbIdOf(targetUrl));
  if (targetAt >= 0) trail = trail.slice(0, targetAt);
  return withTrailIds(targetUrl, trail);
}
