import { richTextExampleHost, richTextExamples } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeRichText.js';

describe('sanitizeRichText (sanitize-html, the server)', () => {
  // The same examples pin the browser's DOMPurify (packages/fields/src/richtext/sanitizeRichText.test.ts).
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

  it('keeps allowed tags and only the text-align style', () => {
    expect(sanitizeRichText('<p style="text-align:center;color:red" onclick="x()">Hi <b>there</b></p>')).toBe(
      '<p style="text-align: center">Hi <b>there</b></p>',
    );
  });
  it('drops scripts and disallowed tags, and sends javascript: links to the app root', () => {
    expect(sanitizeRichText('<script>alert(1)</script><a href="javascript:alert(1)">x</a><h1>T</h1>')).toBe(
      '<a href="/" target="_blank" rel="noopener noreferrer nofollow">x</a>T',
    );
  });
  it('keeps links with allowed schemes, in a new tab with nofollow', () => {
    expect(sanitizeRichText('<a href="mailto:a@b.com" target="_blank">m</a>')).toBe(
      '<a href="mailto:a@b.com" target="_blank" rel="noopener noreferrer nofollow">m</a>',
    );
  });
  it('replaces images by their %%tag%% token and removes untagged ones', () => {
    expect(sanitizeRichText('<p><img data-tag="logo" src="x.png"><img src="y.png"></p>')).toBe(
      '<p>%%logo%%</p>',
    );
  });
  it('keeps the text after an image', () => {
    expect(sanitizeRichText('<p>a<img data-tag="logo">b and more</p>')).toBe('<p>a%%logo%%b and more</p>');
  });
});
