import { describe, expect, it } from 'vitest';
import { imageToken, imageTokenFor, richTextLinkHref, richTextStyle } from './richTextPolicy.js';

describe('the rich-text policy', () => {
  it('keeps only a text-align style, written one way', () => {
    expect(richTextStyle('color: red; text-align: Center;')).toBe('text-align: center');
    expect(richTextStyle('text-align:justify')).toBe('text-align: justify');
    expect(richTextStyle('text-align: start')).toBeNull();
    expect(richTextStyle('text-align: expression(alert(1))')).toBeNull();
    expect(richTextStyle('background: url(x)')).toBeNull();
    expect(richTextStyle('')).toBeNull();
  });

  it('turns an image with a plain tag into its token, and any other into nothing', () => {
    expect(imageToken('logo')).toBe('%%logo%%');
    expect(imageTokenFor('a.b-c_1')).toBe('%%a.b-c_1%%');
    expect(imageTokenFor('lo"go')).toBeNull();
    expect(imageTokenFor('%%x%%')).toBeNull();
    expect(imageTokenFor('')).toBeNull();
    expect(imageTokenFor(null)).toBeNull();
    expect(imageTokenFor(undefined)).toBeNull();
  });

  it('keeps a link with an allowed scheme and sends any other to the host', () => {
    expect(richTextLinkHref(' https://example.com ', '/')).toBe('https://example.com');
    expect(richTextLinkHref('tel:+61400', '/')).toBe('tel:+61400');
    expect(richTextLinkHref('javascript:alert(1)', '/')).toBe('/');
    expect(richTextLinkHref('/relative', '/')).toBe('/');
    expect(richTextLinkHref(null, 'https://host/')).toBe('https://host/');
  });
});
