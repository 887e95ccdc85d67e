import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize';

describe('formatFileSize', () => {
  it('shows bytes as megabytes with 2 decimals', () => {
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
    expect(formatFileSize(1_048_576)).toBe('1.00 MB');
    expect(formatFileSize(5_000)).toBe('0.00 MB');
    expect(formatFileSize(10_000)).toBe('0.01 MB');
    expect(formatFileSize(0)).toBe('0.00 MB');
  });

  it('shows 0.00 MB for what is not a size', () => {
    expect(formatFileSize(-5)).toBe('0.00 MB');
    expect(formatFileSize(Number.NaN)).toBe('0.00 MB');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('0.00 MB');
  });
});
