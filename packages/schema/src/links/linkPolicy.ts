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

const dialPattern = /^\+?[\d().\s-]{3,40}$/;
/** Headers a mailto: link may carry: what the message says, never whom else it goes to. */
const mailtoHeaders = new Set(['subject', 'body']);

/**
 * Whether a URL is a link Plinth makes: an allowed scheme, and for the schemes that name a person
 * rather than a place, a well-formed target: tel: and sms: a number (`tel:abc` is not), mailto:
 * addresses with at most a subject and body (no cc, bcc or other header added behind the
 * reader's back).
 */
export function isAllowedLink(url: string): boolean {
  const text = url.trim();
  if (!schemePattern.test(text)) return false;
  const colon = text.indexOf(':');
  const scheme = text.slice(0, colon).toLowerCase();
  const rest = decodeOrNull(text.slice(colon + 1));
  if (rest === null) return false;
  if (scheme === 'tel' || scheme === 'sms') return dialPattern.test(rest) && /\d/.test(rest);
  if (scheme === 'mailto') return isPlainMailto(text.slice(colon + 1));
  return true;
}

function isPlainMailto(target: string): boolean {
  const question = target.indexOf('?');
  const addresses = question < 0 ? target : target.slice(0, question);
  const query = question < 0 ? '' : target.slice(question + 1);
  const list = (decodeOrNull(addresses) ?? '').split(',').map((a) => a.trim());
  if (list.length === 0 || !list.every((a) => emailPattern.test(a))) return false;
  if (query === '') return true;
  return query.split('&').every((pair) => {
    const name = decodeOrNull(pair.split('=')[0] ?? '');
    return name !== null && mailtoHeaders.has(name.toLowerCase());
  });
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
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
  if (schemePattern.test(text)) return isAllowedLink(text) ? text : null;
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
