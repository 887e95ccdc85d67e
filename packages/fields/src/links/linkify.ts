/** Schemes a value may already carry and keep (spec 03 §5 "Links"). */
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

const schemePattern = new RegExp(`^(${allowedLinkSchemes.join('|')}):`, 'i');
const emailPattern = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
const phonePattern = /^\+?[\d\s().-]{6,}$/;
const webPattern = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,})(:\d+)?([/?#]\S*)?$/i;
const ftpPattern = /^ftp\.[^\s]+$/i;

/**
 * The link a read-only text value becomes, or null when it is not a link (spec 03 "Links"): allowed
 * schemes are kept; email-like values get mailto:, phone patterns tel:, web addresses without a
 * scheme http:// and ftp hosts ftp://. Any other scheme (javascript:, data:, …) is never a link.
 */
export function linkFor(value: string): string | null {
  const text = value.trim();
  if (text === '' || (/\s/.test(text.replace(/^tel:/i, '')) && !phonePattern.test(text))) return null;
  if (schemePattern.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !phonePattern.test(text)) return null;
  if (emailPattern.test(text)) return `mailto:${text}`;
  if (phonePattern.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6)
    return `tel:${text.replace(/[\s().-]/g, '')}`;
  if (ftpPattern.test(text)) return `ftp://${text}`;
  if (webPattern.test(text)) return `http://${text}`;
  return null;
}
