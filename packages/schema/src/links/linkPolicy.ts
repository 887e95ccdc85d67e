/**
 * The one link policy of Plinth (spec 03 §5 "Links", design.md §3): which schemes a link may carry,
 * how a read-only value becomes a link, and how every link opens. The browser's read-only text, both
 * rich-text sanitisers (DOMPurify in the browser, sanitize-html on the server) and the calc engine
 * read it from here. Pure: no DOM.
 */

/** Schemes a link may carry; every other scheme (`javascript:`, `data:`, `vbscript:`…) is never a link. */
export const allowedLinkSchemes = [
  'callto',
  'ftp',
  'ftps',
  'geo',
  'http',
  'https',
  'mailto',
  'sftp',
  'sms',
  'tel',
] as const;

/** Every link opens in a new tab… */
export const linkTarget = '_blank';
/** …that cannot reach back to the app, sends no referrer and endorses nothing. */
export const linkRel = 'noopener noreferrer nofollow';

const schemePattern = new RegExp(`^(${allowedLinkSchemes.join('|')}):`, 'i');
const anySchemePattern = /^[a-z][a-z0-9+.-]*:/i;
const emailPattern = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
const phonePattern = /^\+?[\d\s().-]{6,}$/;
const webPattern = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,})(:\d+)?([/?#]\S*)?$/i;
const ftpPattern = /^ftp\.[^\s]+$/i;

/** Whether a URL (leading and trailing spaces aside) starts with one of the allowed schemes. */
export function hasAllowedLinkScheme(url: string): boolean {
  return schemePattern.test(url.trim());
}

/**
 * The link a read-only text value becomes, or null when it is not a link: allowed schemes are kept;
 * email-like values get mailto:, phone patterns (six digits or more) tel:, web addresses without a
 * scheme http:// and ftp hosts ftp://. Any other scheme (javascript:, data:, …) is never a link.
 *
 * @example linkFor('ada@example.com') // 'mailto:ada@example.com'
 */
export function linkFor(value: string): string | null {
  const text = value.trim();
  if (text === '' || (/\s/.test(text.replace(/^tel:/i, '')) && !phonePattern.test(text))) return null;
  if (schemePattern.test(text)) return text;
  if (anySchemePattern.test(text) && !phonePattern.test(text)) return null;
  if (emailPattern.test(text)) return `mailto:${text}`;
  if (phonePattern.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6)
    return `tel:${text.replace(/[\s().-]/g, '')}`;
  if (ftpPattern.test(text)) return `ftp://${text}`;
  if (webPattern.test(text)) return `http://${text}`;
  return null;
}

/** Whether a link opens a web or file-transfer address (a new tab), rather than an app (mail, phone…). */
export function isWebLink(href: string): boolean {
  return /^(https?|ftps?|sftp):/i.test(href.trim());
}
