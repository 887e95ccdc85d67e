import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { isPdf, peekStream, rasterImageTypeOf, servingOf } from './fileServing.js';

const chunks = (...parts: string[]) =>
  Readable.from(
    parts.map((p) => Buffer.from(p)),
    { objectMode: false },
  );

describe('peekStream', () => {
  it('reads the first bytes across chunks and still streams the whole content', async () => {
    const { head, content } = await peekStream(chunks('%P', 'DF-1.', '7 rest', ' and more'), 8);
    expect(head.toString()).toBe('%PDF-1.7');
    expect(await text(content)).toBe('%PDF-1.7 rest and more');
  });

  it('gives what there is of a short or empty stream', async () => {
    const short = await peekStream(chunks('GIF'), 12);
    expect(short.head.toString()).toBe('GIF');
    expect(await text(short.content)).toBe('GIF');
    const empty = await peekStream(chunks(), 12);
    expect(empty.head.length).toBe(0);
    expect(await text(empty.content)).toBe('');
  });

  it('closes the source when the content is not wanted after all', async () => {
    const source = chunks('%PDF-', 'x'.repeat(100));
    const { content } = await peekStream(source, 5);
    content.destroy();
    await new Promise((resolve) => source.once('close', resolve));
    expect(source.destroyed).toBe(true);
  });

  it('fails when the source fails while its first bytes are read', async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(peekStream(source, 5)).rejects.toThrow('disk gone');
  });
});

describe('servingOf', () => {
  const pdf = Buffer.from('%PDF-1.4\n');
  it('serves every file sandboxed, a PDF shown inline too (issue 14)', () => {
    expect(isPdf(pdf)).toBe(true);
    expect(servingOf('application/pdf', pdf, 'inline').contentSecurityPolicy).toMatch(/; sandbox$/);
    expect(servingOf('application/pdf', pdf, 'attachment').contentSecurityPolicy).toContain('sandbox');
    expect(servingOf('text/plain', pdf, 'inline').contentSecurityPolicy).toContain('sandbox');
    expect(servingOf('application/pdf', Buffer.from('%PDF'), 'inline')).toMatchObject({
      contentType: 'application/octet-stream',
      disposition: 'attachment',
    });
  });

  it('tells raster images by their magic numbers', () => {
    expect(rasterImageTypeOf(Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'))).toBe('image/webp');
    expect(rasterImageTypeOf(Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'))).toBeUndefined();
    expect(rasterImageTypeOf(Buffer.from('GIF87a', 'latin1'))).toBe('image/gif');
    expect(rasterImageTypeOf(Buffer.from('<svg', 'latin1'))).toBeUndefined();
    expect(servingOf('image/svg+xml', Buffer.from('<svg'), 'inline')).toMatchObject({
      contentType: 'image/svg+xml',
      disposition: 'inline',
    });
  });
});
