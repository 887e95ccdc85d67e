import type { CalcLocation } from '../messages.js';
import type { Span } from './ast.js';

/** Converts UTF-16 offsets to 1-based line and column; `\r\n`, `\n` and `\r` each end a line. */
export function locator(src: string): (span: Span) => CalcLocation {
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) lineStarts.push(i + 1);
  }
  return (span) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= span.start) lo = mid;
      else hi = mid - 1;
    }
    return {
      line: lo + 1,
      col: span.start - lineStarts[lo]! + 1,
      length: Math.max(0, span.end - span.start),
    };
  };
}
