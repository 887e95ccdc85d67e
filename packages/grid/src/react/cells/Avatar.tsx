/** The initials of a name: first letters of the first and last words, e.g. 'Ann Lee' is 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/** A person's avatar: their initials in a circle. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="pl-grid__avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
