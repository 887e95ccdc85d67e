import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize';

describe('formatFileSize', () => {
  it('shows a megabyte and more in MB with 2 decimals', () => {
    expect(formatFileSize(1_572_864)).toBe('1.50 MB');
    expect(formatFileSize(1_048_576)).toBe('1.00 MB');
    expect(formatFileSize(26_214_400)).toBe('25.00 MB');
  });

  it('shows less than a megabyte in KB with 2 decimals', () => {
    expect(formatFileSize(5_000)).toBe('4.88 KB');
    expect(formatFileSize(10_000)).toBe('9.77 KB');
    expect(formatFileSize(512_000)).toBe('500.00 KB');
    expect(formatFileSize(10)).toBe('0.01 KB');
    expect(formatFileSize(0)).toBe('0.00 KB');
    // Just under a megabyte would round to 1024.00 KB: it is 1.00 MB.
    expect(formatFileSize(1_048_575)).toBe('1.00 MB');
  });

  it('shows 0.00 KB for what is not a size', () => {
    expect(formatFileSize(-5)).toBe('0.00 KB');
    expect(formatFileSize(Number.NaN)).toBe('0.00 KB');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('0.00 KB');
  });
});
