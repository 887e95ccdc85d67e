import sanitizeHtml from 'sanitize-html';

/** Link schemes a stored link may use (spec 03 "Links"); anything else, `javascript:` included, is dropped. */
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
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'color'],
    a: ['href', 'target', 'title', 'style', 'class'],
  },
  allowedSchemes: allowedLinkSchemes,
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify|start|end)$/] } },
  // An image becomes its %%tag%% placeholder, or goes when it has no tag (spec 03 "Rich-text sanitising"):
  // it is renamed to a tag outside the allow-list, which is discarded while its text stays.
  transformTags: {
    img: (_tag, attribs) => {
      const tag = attribs['data-tag']?.replace(/[^\w.-]/g, '');
      return { tagName: 'plinth-image', attribs: {}, text: tag ? `%%${tag}%%` : '' };
    },
  },
  disallowedTagsMode: 'discard',
};

/** Cleans rich text to the spec's allow-list; run on every write of a RichText field. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
