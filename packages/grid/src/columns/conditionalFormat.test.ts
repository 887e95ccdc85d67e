import type { ConditionalFormat } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { formatValueOf, progressPercent, resolveFormat } from './conditionalFormat.js';

const bands: ConditionalFormat = {
  style: 'Highlight',
  rules: [
    { bounds: { lower: 0, upper: 49 }, bgcolor: '#fdd', fgcolor: '#900' },
    { bounds: { lower: 40, upper: 100 }, bgcolor: '#dfd' },
    { bgcolor: '#eee' },
  ],
};

describe('resolveFormat', () => {
  it('applies the first rule whose bounds hold the value', () => {
    expect(resolveFormat(bands, 45)).toEqual({ style: 'Highlight', bgcolor: '#fdd', fgcolor: '#900' });
    expect(resolveFormat(bands, 50)).toEqual({ style: 'Highlight', bgcolor: '#dfd' });
    expect(resolveFormat(bands, '100')).toEqual({ style: 'Highlight', bgcolor: '#dfd' });
  });

  it('falls through to a rule without bounds, and formats no empty value', () => {
    expect(resolveFormat(bands, 500)).toEqual({ style: 'Highlight', bgcolor: '#eee' });
    expect(resolveFormat(bands, null)).toBeNull();
    expect(resolveFormat(bands, '')).toBeNull();
  });

  it('compares text and dates as text', () => {
    const choice: ConditionalFormat = {
      style: 'Icon',
      rules: [{ bounds: { lower: 'High', upper: 'High' }, imgid: 7 }],
    };
    expect(resolveFormat(choice, 'High')).toEqual({ style: 'Icon', imgid: 7 });
    expect(resolveFormat(choice, 'Low')).toBeNull();
    const dates: ConditionalFormat = {
      style: 'Highlight',
      rules: [{ bounds: { lower: '2026-01-01' }, bgcolor: 'red' }],
    };
    expect(resolveFormat(dates, '2026-03-05')?.bgcolor).toBe('red');
    expect(resolveFormat(dates, '2025-12-31')).toBeNull();
  });

  it('survives missing or malformed formatting', () => {
    expect(resolveFormat(undefined, 1)).toBeNull();
    expect(resolveFormat({ style: 'Highlight', rules: null } as never, 1)).toBeNull();
  });

  it('gives progress bars their percentage', () => {
    const bar: ConditionalFormat = {
      style: 'ProgressBar',
      rules: [
        { bounds: { lower: 0, upper: 50 }, bgcolor: 'orange' },
        { bounds: { lower: 50, upper: 150 }, bgcolor: 'green' },
      ],
    };
    expect(resolveFormat(bar, 30)).toEqual({ style: 'ProgressBar', bgcolor: 'orange', percent: 30 });
    expect(resolveFormat(bar, 120)).toEqual({ style: 'ProgressBar', bgcolor: 'green', percent: null });
  });
});

describe('progressPercent (spec 02 §5)', () => {
  it('is the value when the bounds differ and the value is within 0-100', () => {
    expect(progressPercent(0, { lower: 0, upper: 100 })).toBe(0);
    expect(progressPercent('62.5', { lower: 0, upper: 100 })).toBe(62.5);
    expect(progressPercent(100, undefined)).toBe(100);
  });

  it('is not valid when lower equals upper or the value is outside 0-100', () => {
    expect(progressPercent(50, { lower: 10, upper: 10 })).toBeNull();
    expect(progressPercent(101, { lower: 0, upper: 200 })).toBeNull();
    expect(progressPercent(-1, { lower: -10, upper: 10 })).toBeNull();
    expect(progressPercent('lots', { lower: 0, upper: 100 })).toBeNull();
    expect(progressPercent(true, { lower: 0, upper: 100 })).toBeNull();
  });
});

describe('formatValueOf', () => {
  it('reads a value or the first related name', () => {
    expect(formatValueOf({ val: 3 })).toBe(3);
    expect(formatValueOf({ vals: [{ eid: 1, val: 'High' }] })).toBe('High');
    expect(formatValueOf({ vals: [] })).toBeNull();
    expect(formatValueOf(undefined)).toBeNull();
  });
});
