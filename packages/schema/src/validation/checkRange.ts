import { type BoundValue, rangeMessage } from './messages.js';

/** A bound of a range: the value compared against, and how it is printed in the message. */
export interface RangeBound<T> {
  value: T;
  display: BoundValue;
}

/**
 * The range message when `value` lies outside the given bounds (both inclusive), else undefined.
 * An absent bound does not constrain the value.
 */
export function checkRange<T extends number | string>(
  value: T,
  min: RangeBound<T> | undefined,
  max: RangeBound<T> | undefined,
): string | undefined {
  const isBelow = min !== undefined && value < min.value;
  const isAbove = max !== undefined && value > max.value;
  if (!isBelow && !isAbove) return undefined;
  return rangeMessage(min?.display, max?.display);
}
