import { richTextExampleHost, richTextExamples } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeRichText';

const host = 'https://plinth.test/';

describe('sanitizeRichText (DOMPurify, the browser)', () => {
  // The same examples pin the server's sanitize-html (packages/server/src/entities/sanitizeRichText.test.ts).
  for (const example of richTextExamples) {
    it(`follows the shared policy: ${example.rule}`, () => {
      expect(sanitizeRichText(example.html, { hostLink: richTextExampleHost })).toBe(example.clean);
    });
  }

  it('gives its own output back unchanged', () => {
    for (const example of richTextExamples) {
      expect(sanitizeRichText(example.clean, { hostLink: richTextExampleHost })).toBe(example.clean);
    }
  });

  it('sends links to the page origin by default', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">go</a>')).toBe(
      `<a href="${window.location.origin}/" target="_blank" rel="noopener noreferrer nofollow">go</a>`,
    );
  });

  it('keeps the allowed tags', () => {
    const html =
      '<p><b>b</b><i>i</i><u>u</u><strong>s</strong><em>e</em></p><ul><li>x</li></ul><blockquote>q</blockquote>';
    expect(sanitizeRichText(html, { hostLink: host })).toBe(html);
  });

  it('drops scripts, styles, pre and code with their content', () => {
    const out = sanitizeRichText(
      '<p>a</p><script>alert(1)</script><style>p{}</style><pre>pre</pre><code>code</code><p>b</p>',
      { hostLink: host },
    );
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('keeps only text-align in inline styles', () => {
    expect(sanitizeRichText('<p style="color: red; text-align: center">x</p>', { hostLink: host })).toBe(
      '<p style="text-align: center">x</p>',
    );
    expect(sanitizeRichText('<p style="background: url(x)">x</p>', { hostLink: host })).toBe('<p>x</p>');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeRichText('<p onclick="x()" id="a" title="t">x</p>', { hostLink: host })).toBe(
      '<p title="t">x</p>',
    );
  });

  it('replaces javascript: links with the host, in a new tab with nofollow', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">go</a>', { hostLink: host });
    expect(out).toContain(`href="${host}"`);
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).not.toContain('javascript');
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">go</a>', { hostLink: host })).not.toMatch(
      /javascript/i,
    );
  });

  it('keeps web links and opens them in a new tab', () => {
    expect(sanitizeRichText('<a href="https://example.com">e</a>', { hostLink: host })).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
  });

  it('turns images into %%tag%% tokens, or removes them without a tag', () => {
    expect(
      sanitizeRichText('<p>a<img src="x.png" data-tag="logo">b<img src="y.png" onerror="x()"></p>', {
        hostLink: host,
      }),
    ).toBe('<p>a%%logo%%b</p>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeRichText('<h1>Title</h1><table><tr><td>c</td></tr></table>', { hostLink: host })).toBe(
      'Titlec',
    );
  });
});
