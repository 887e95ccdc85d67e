import {
  allowedLinkSchemes,
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
import sanitizeHtml from 'sanitize-html';

const linkOnly: readonly string[] = richTextLinkOnlyAttributes;
const anyTagAttributes = richTextAllowedAttributes.filter((name) => !linkOnly.includes(name));
const droppedWithContent: readonly string[] = richTextDroppedWithContent;

function optionsFor(hostLink: string): sanitizeHtml.IOptions {
  return {
    allowedTags: [...richTextAllowedTags, 'img'],
    allowedAttributes: { '*': anyTagAttributes, a: [...linkOnly, 'rel'], img: ['data-tag'] },
    // A second net under richTextLinkHref, which has already put the host link in place of any other.
    allowedSchemes: [...allowedLinkSchemes],
    allowProtocolRelative: false,
    // The style is reduced to its text-align below, written as the browser writes it.
    parseStyleAttributes: false,
    nonTextTags: [...droppedWithContent],
    exclusiveFilter: (frame) => droppedWithContent.includes(frame.tag),
    transformTags: {
      // An image keeps only a valid data-tag here and becomes its %%tag%% token (or nothing) below.
      img: (tagName, attribs) => {
        const tag = attribs['data-tag'];
        const kept: sanitizeHtml.Attributes =
          tag !== undefined && imageTokenFor(tag) ? { 'data-tag': tag } : {};
        return { tagName, attribs: kept };
      },
      '*': (tagName, attribs) => {
        if (tagName === 'img') return { tagName, attribs };
        const kept: sanitizeHtml.Attributes = { ...attribs };
        if (kept.style !== undefined) {
          const style = richTextStyle(kept.style);
          if (style) kept.style = style;
          else delete kept.style;
        }
        if (tagName === 'a') {
          kept.href = richTextLinkHref(kept.href, hostLink);
          kept.target = linkTarget;
          kept.rel = linkRel;
        }
        return { tagName, attribs: kept };
      },
    },
    disallowedTagsMode: 'discard',
  };
}

const serverOptions = optionsFor(defaultHostLink);

/**
 * Cleans rich text to the one allow-list in @plinth/schema (the browser applies the same list with
 * DOMPurify); run on every write of a RichText field. A link without an allowed scheme points at the
 * host link (`/`, the app's root, unless given), and every link opens in a new tab with nofollow.
 */
export function sanitizeRichText(html: string, options: { hostLink?: string } = {}): string {
  const clean = sanitizeHtml(
    html,
    options.hostLink === undefined ? serverOptions : optionsFor(options.hostLink),
  );
  return writtenAsTheBrowserWrites(clean);
}

/**
 * sanitize-html's output written as the browser's DOM writes it, so a value the editor saved is
 * stored unchanged: an image's token in place of the `<img>` kept for it (text never holds a raw
 * `<`, so only a kept tag matches), `<br>` for `<br />` and `&nbsp;` for a no-break space.
 */
function writtenAsTheBrowserWrites(html: string): string {
  return html
    .replace(/<img(?: data-tag="([\w.-]+)")? \/>/g, (_image, tag: string | undefined) =>
      tag ? imageToken(tag) : '',
    )
    .replace(/<br \/>/g, '<br>')
    .replace(/\u00a0/g, '&nbsp;');
}
