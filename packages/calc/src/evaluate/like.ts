/**
 * `like`: case-insensitive; `%` matches any run, `_` one character; '' and '%' match everything.
 * A two-pointer wildcard match (no regular expression, so no catastrophic backtracking); `work`
 * is charged for every 1,024 comparisons so hostile patterns meet the step limit.
 */
export function likeMatches(
  text: string,
  pattern: string,
  work: (count: number) => void = () => {},
): boolean {
  if (pattern === '' || pattern === '%') return true;
  const t = Array.from(text.toLowerCase());
  const p = Array.from(pattern.toLowerCase());
  let ti = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  let spent = 0;
  while (ti < t.length) {
    if (++spent === 1024) {
      work(1024);
      spent = 0;
    }
    if (pi < p.length && (p[pi] === '_' || (p[pi] !== '%' && p[pi] === t[ti]))) {
      ti += 1;
      pi += 1;
    } else if (pi < p.length && p[pi] === '%') {
      star = pi;
      mark = ti;
      pi += 1;
    } else if (star >= 0) {
      pi = star + 1;
      mark += 1;
      ti = mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === '%') pi += 1;
  return pi === p.length;
}
