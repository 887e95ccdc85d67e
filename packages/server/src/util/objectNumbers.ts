const numbers = new WeakMap<object, number>();
let lastNumber = 0;

/**
 * A number for an object, the same for as long as it lives and never given to another: a cheap
 * part of a cache key for objects that stand for one version of something (a tenant's schema, a
 * report definition as parsed), where a new version is a new object.
 */
export function objectNumber(object: object): number {
  let n = numbers.get(object);
  if (n === undefined) {
    n = ++lastNumber;
    numbers.set(object, n);
  }
  return n;
}
