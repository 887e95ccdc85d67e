const CSRF_COOKIE = 'plinth_csrf';

/**
 * The session's CSRF token as the server set it in its cookie, sent back as `x-csrf-token` on
 * every call that changes something; undefined outside a browser.
 */
export function csrfFromCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : undefined;
}
