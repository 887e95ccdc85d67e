import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipJoin } from './gzipJoin.js';

describe('GzipJoin', () => {
  const rows = Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Record ${i} — “quoted”`, n: i * 1.5 }));

  it('makes one gzip member of the head and each tail, as gunzip reads it', () => {
    for (const head of ['', '{', JSON.stringify({ rows }).slice(0, -1), 'x'.repeat(200_000)]) {
      const join = new GzipJoin(head);
      for (const tail of ['', '}', ',"lrt":"2026-11-30T15:20:45.123Z"}', 'ü€😀'.repeat(300)])
        expect(gunzipSync(join.with(tail)).toString('utf8')).toBe(head + tail);
    }
  });

  it('compresses the head once, and as well as gzip does', () => {
    const head = JSON.stringify({ rows }).slice(0, -1);
    const joined = new GzipJoin(head).with('}');
    expect(joined.length).toBeLessThan(Buffer.byteLength(head) / 4);
  });

  it('refuses a tail longer than one stored block holds', () => {
    const join = new GzipJoin('{');
    expect(gunzipSync(join.with('a'.repeat(65_535))).length).toBe(65_536);
    expect(() => join.with('a'.repeat(65_536))).toThrow(RangeError);
  });
});
