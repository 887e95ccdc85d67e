import {
  defaultHostLink,
  imageToken,
  imageTokenFor,
  linkRel,
  linkTarget,
  richTextAllowedAttributes,
  richTextAllowedTags,
  richTextDroppedWithContent,
  richTextLinkHref,
  richTextLinkOnlyAttributes,
  richTextStyle,
} from '@plinth/schema';
import DOMPurify from 'dompurify';

export { imageToken };

/**
 * Where a disallowed link is sent instead (spec 02 §5: such links are replaced by links to the
 * host, opened in a new tab with nofollow). Defaults to the page's own origin.
 */
function safeHostLink(): string {
  return typeof window !== 'undefined' ? `${window.location.origin}/` : defaultHostLink;
}

const linkOnly: readonly string[] = richTextLinkOnlyAttributes;

/**
 * Sanitises HTML for rich text (on paste and before saving) with DOMPurify, configured from the one
 * allow-list in @plinth/schema (the server applies the same list with sanitize-html): only the
 * allowed tags and attributes; inline style keeps only text-align; scripts, styles, pre and code are
 * dropped with their content; images become their `%%tag%%` token (from `data-tag`) or vanish; an
 * href without an allowed scheme becomes the host link; every link opens in a new tab with nofollow.
 */
export function sanitizeRichText(html: string, options: { hostLink?: string } = {}): string {
  const hostLink = options.hostLink ?? safeHostLink();
  const purify = DOMPurify();
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'img') {
      const token = imageTokenFor((node as Element).getAttribute('data-tag'));
      if (token) node.parentNode?.replaceChild(node.ownerDocument!.createTextNode(token), node);
      else node.parentNode?.removeChild(node);
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    const style = element.getAttribute?.('style');
    if (style !== null && style !== undefined) {
      const kept = richTextStyle(style);
      if (kept) element.setAttribute('style', kept);
      else element.removeAttribute('style');
    }
    if (element.tagName === 'A') {
      element.setAttribute('href', richTextLinkHref(element.getAttribute('href'), hostLink));
      element.setAttribute('target', linkTarget);
      element.setAttribute('rel', linkRel);
    } else if (element.removeAttribute) {
      for (const name of linkOnly) element.removeAttribute(name);
    }
  });
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...richTextAllowedTags],
    ALLOWED_ATTR: [...richTextAllowedAttributes, 'rel'],
    // Links are decided by richTextLinkHref; DOMPurify's own list lacks geo: and sftp:.
    ALLOWED_URI_REGEXP: /^(?:[a-z][a-z0-9+.-]*:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...richTextDroppedWithContent],
    KEEP_CONTENT: true,
  });
}

/** The plain-text length of rich text, the measure of its max length. */
export function richTextLength(html: string): number {
  if (typeof document === 'undefined') return html.replace(/<[^>]*>/g, '').length;
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').length;
}
