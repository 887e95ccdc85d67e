import { describe, expect, it } from 'vitest';
import { hasAllowedLinkScheme, isAllowedLink, isWebLink, linkFor } from './linkPolicy.js';

describe('linkFor', () => {
  it('keeps values that already carry an allowed scheme', () => {
    for (const value of [
      'https://example.com/a?b=1',
      'http://x.org',
      'mailto:a@b.co',
      'tel:+61400000000',
      'ftp://files.example.com',
      'sftp://h',
      'sms:123456',
      'geo:1,2',
      'callto:bob',
      'ftps://h',
    ]) {
      expect(linkFor(value)).toBe(value);
    }
  });

  it('adds mailto: to email-like values and tel: to phone numbers', () => {
    expect(linkFor('ada@example.com')).toBe('mailto:ada@example.com');
    expect(linkFor('+61 (2) 9999-0000')).toBe('tel:+61299990000');
  });

  it('adds a scheme to web and ftp addresses without one', () => {
    expect(linkFor('www.example.com')).toBe('http://www.example.com');
    expect(linkFor('example.com/path')).toBe('http://example.com/path');
    expect(linkFor('ftp.example.com')).toBe('ftp://ftp.example.com');
  });

  it('never links other schemes or plain words', () => {
    expect(linkFor('javascript:alert(1)')).toBeNull();
    expect(linkFor('JavaScript:alert(1)')).toBeNull();
    expect(linkFor('data:text/html,<script>')).toBeNull();
    expect(linkFor('vbscript:x')).toBeNull();
    expect(linkFor('hello world')).toBeNull();
    expect(linkFor('Acme')).toBeNull();
    expect(linkFor('')).toBeNull();
  });
});

describe('hasAllowedLinkScheme', () => {
  it('accepts only the allowed schemes, in any case, spaces aside', () => {
    expect(hasAllowedLinkScheme(' HTTPS://example.com ')).toBe(true);
    expect(hasAllowedLinkScheme('geo:1,2')).toBe(true);
    expect(hasAllowedLinkScheme('javascript:alert(1)')).toBe(false);
    expect(hasAllowedLinkScheme('java\tscript:alert(1)')).toBe(false);
    expect(hasAllowedLinkScheme('\u0001javascript:alert(1)')).toBe(false);
    expect(hasAllowedLinkScheme('data:text/html,x')).toBe(false);
    expect(hasAllowedLinkScheme('//evil.example')).toBe(false);
    expect(hasAllowedLinkScheme('/relative')).toBe(false);
    expect(hasAllowedLinkScheme('httpx://example.com')).toBe(false);
  });

  it('tells web links (a new tab) from app links (mail, phone)', () => {
    expect(isWebLink('https://example.com')).toBe(true);
    expect(isWebLink('sftp://h')).toBe(true);
    expect(isWebLink('mailto:a@b.co')).toBe(false);
    expect(isWebLink('tel:123456')).toBe(false);
  });
});

describe('isAllowedLink (issue 14)', () => {
  it('links tel: and sms: only to numbers', () => {
    for (const href of ['tel:+61400000000', 'tel:+61 (2) 9999-0000', 'sms:123456', 'TEL:%2B61400000000'])
      expect(isAllowedLink(href), href).toBe(true);
    for (const href of ['tel:abc', 'tel:', 'sms:hello', 'tel:+', 'tel:12;phone-context=evil', 'tel:%zz'])
      expect(isAllowedLink(href), href).toBe(false);
    expect(linkFor('tel:abc')).toBeNull();
    expect(linkFor('sms:call-me')).toBeNull();
  });

  it('links mailto: to addresses with at most a subject and body', () => {
    for (const href of ['mailto:a@b.co', 'mailto:a@b.co,c@d.org', 'mailto:a@b.co?subject=Hi&body=There'])
      expect(isAllowedLink(href), href).toBe(true);
    for (const href of [
      'mailto:a@b.c?bcc=spy@evil.example',
      'mailto:a@b.co?cc=x@y.z',
      'mailto:a@b.co?subject=Hi&Bcc=spy@evil.example',
      'mailto:a@b.co?to=other@evil.example',
      'mailto:?body=x',
      'mailto:not-an-address',
    ])
      expect(isAllowedLink(href), href).toBe(false);
    expect(linkFor('mailto:a@b.c?bcc=spy@evil.example')).toBeNull();
  });

  it('keeps the other allowed schemes as they were', () => {
    for (const href of ['https://example.com/?a=b', 'geo:1,2', 'callto:bob', 'ftp://h'])
      expect(isAllowedLink(href), href).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
  });
});
