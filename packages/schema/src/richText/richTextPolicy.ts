import { isAllowedLink } from '../links/linkPolicy.js';

/**
 * The one rich-text allow-list of Plinth (spec 03 §5 "Rich-text sanitising", spec 02 "Rich text",
 * design.md §3), as data and pure string rules. Two sanitisers apply it: DOMPurify in the browser
 * (on paste, on load and before saving) and sanitize-html on the server (on every write); the
 * examples below pin that both give the same HTML. Pure: no DOM.
 */

/** The tags kept; any other tag is unwrapped, its text kept. */
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

/** The attributes kept (`style` only as its text-align; `href` and `target` only on links). */
export const richTextAllowedAttributes = ['style', 'class', 'href', 'target', 'title', 'color'] as const;

/** The attributes that belong to links only. */
export const richTextLinkOnlyAttributes = ['href', 'target'] as const;

/** Tags removed with everything inside them (spec 02: styles, scripts, pre and code are removed). */
export const richTextDroppedWithContent = [
  'script',
  'style',
  'pre',
  'code',
  'template',
  'noscript',
  'textarea',
  'option',
  'iframe',
  'object',
  'svg',
  'math',
] as const;

/** The text alignments an inline style may keep; every other style goes. */
export const richTextAlignments = ['left', 'right', 'center', 'justify'] as const;

/**
 * The inline style kept from a style attribute: its text-align, when it is one of the alignments,
 * written `text-align: x`; null when nothing is kept (the attribute goes).
 *
 * @example richTextStyle('color: red; text-align: Center') // 'text-align: center'
 */
export function richTextStyle(style: string): string | null {
  const align = /(?:^|;)\s*text-align\s*:\s*([a-z]+)\s*(?:;|$)/i.exec(style)?.[1]?.toLowerCase();
  return align && (richTextAlignments as readonly string[]).includes(align) ? `text-align: ${align}` : null;
}

/** The `%%tag%%` token that stands for an image in stored rich text. */
export function imageToken(tag: string): string {
  return `%%${tag}%%`;
}

/**
 * What an image becomes: the token of its `data-tag`, or null (the image is removed) when it has no
 * tag or a tag that is not a plain name (letters, digits, `_`, `.`, `-`).
 */
export function imageTokenFor(dataTag: string | null | undefined): string | null {
  return dataTag && /^[\w.-]+$/.test(dataTag) ? imageToken(dataTag) : null;
}

/**
 * Where a rich-text link points: its own href when that starts with an allowed scheme, else the
 * host link (spec 02: `javascript:` links are replaced by links to the host). Relative addresses
 * are replaced too: a stored link means the same wherever the text is shown.
 */
export function richTextLinkHref(href: string | null | undefined, hostLink: string): string {
  return href !== null && href !== undefined && isAllowedLink(href) ? href.trim() : hostLink;
}

/** The host link when the sanitiser has no page to take an origin from (the server): the app's root. */
export const defaultHostLink = '/';
