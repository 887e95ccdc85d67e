import DOMPurify from 'dompurify';

/** Tags kept in rich text (spec 03 §5 "Rich-text sanitising"). */
export const richTextAllowedTags = [
  'a',
  'b',
  'blockquote',
  'div',
  'span',
  'br',
  'em',
  'i',
  'li',
  'ol',
  'p',
  'small',
  'strike',
  'strong',
  'u',
  'ul',
  'dl',
  'dd',
  'dt',
  'font',
] as const;
export const richTextAllowedAttributes = ['style', 'class', 'href', 'target', 'title', 'color'] as const;

/**
 * Where a `javascript:` link is sent instead (spec 02 §5: such links are replaced by links to the
 * host, opened in a new tab with nofollow). Defaults to the page's own origin.
 */
function safeHostLink(): string {
  return typeof window !== 'undefined' ? `${window.location.origin}/` : '/';
}

/** The `%%tag%%` token that stands for an image in stored rich text. */
export function imageToken(tag: string): string {
  return `%%${tag}%%`;
}

/**
 * Sanitises HTML for rich text (on paste and before saving): only the allowed tags and attributes;
 * inline style keeps only text-align; scripts, styles, pre and code are dropped with their content;
 * images become their `%%tag%%` token (from `data-tag`) or vanish; `javascript:` (and any other
 * non-web) hrefs are replaced by a link to the host; every link opens in a new tab with nofollow.
 */
export function sanitizeRichText(html: string, options: { hostLink?: string } = {}): string {
  const hostLink = options.hostLink ?? safeHostLink();
  const purify = DOMPurify();
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'img') {
      const tag = (node as Element).getAttribute('data-tag');
      if (tag && /^[\w.-]+$/.test(tag))
        node.parentNode?.replaceChild(node.ownerDocument!.createTextNode(imageToken(tag)), node);
      else node.parentNode?.removeChild(node);
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    const style = element.getAttribute?.('style');
    if (style !== null && style !== undefined) {
      const align = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:;|$)/i.exec(style);
      if (align) element.setAttribute('style', `text-align: ${align[1]!.toLowerCase()}`);
      else element.removeAttribute('style');
    }
    if (element.tagName === 'A') {
      const href = element.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:|tel:|ftps?:|sftp:|callto:|sms:|geo:)/i.test(href.trim())) {
        element.setAttribute('href', hostLink);
      }
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  const clean = purify.sanitize(html, {
    ALLOWED_TAGS: [...richTextAllowedTags],
    ALLOWED_ATTR: [...richTextAllowedAttributes, 'rel', 'data-tag'],
    ALLOWED_URI_REGEXP: /^(?:[a-z][a-z0-9+.-]*:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    FORBID_CONTENTS: [
      'script',
      'style',
      'pre',
      'code',
      'template',
      'noscript',
      'iframe',
      'object',
      'svg',
      'math',
    ],
    KEEP_CONTENT: true,
  });
  return clean.replace(/\sdata-tag="[^"]*"/g, '');
}

/** The plain-text length of rich text, the measure of its max length. */
export function richTextLength(html: string): number {
  if (typeof document === 'undefined') return html.replace(/<[^>]*>/g, '').length;
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').length;
}
