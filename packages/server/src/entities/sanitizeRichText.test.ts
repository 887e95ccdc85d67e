import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeRichText.js';

describe('sanitizeRichText', () => {
  it('keeps allowed tags and only the text-align style', () => {
    expect(sanitizeRichText('<p style="text-align:center;color:red" onclick="x()">Hi <b>there</b></p>')).toBe(
      '<p style="text-align:center">Hi <b>there</b></p>',
    );
  });
  it('drops scripts, disallowed tags and javascript: links', () => {
    expect(sanitizeRichText('<script>alert(1)</script><a href="javascript:alert(1)">x</a><h1>T</h1>')).toBe(
      '<a>x</a>T',
    );
  });
  it('keeps links with allowed schemes', () => {
    expect(sanitizeRichText('<a href="mailto:a@b.com" target="_blank">m</a>')).toBe(
      '<a href="mailto:a@b.com" target="_blank">m</a>',
    );
  });
  it('replaces images by their %%tag%% token and removes untagged ones', () => {
    expect(sanitizeRichText('<p><img data-tag="logo" src="x.png"><img src="y.png"></p>')).toBe(
      '<p>%%logo%%</p>',
    );
  });
});
