/**
 * The minimum strength of a password (decision 0045): at least 10 characters, not the user name,
 * not one character or a short run repeated, and not one of the passwords people pick most often.
 * The same rule runs in the browser (as the user types) and on the server (which decides).
 */
export const minPasswordLength = 10;
export const maxPasswordLength = 200;

/**
 * Passwords of 10 characters or more found at the top of the published lists of leaked passwords,
 * lower case. Small on purpose: the length rule does most of the work; this catches the obvious.
 */
const commonPasswords: ReadonlySet<string> = new Set([
  '1234567890',
  '12345678910',
  '123456789a',
  '0123456789',
  '0987654321',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'asdfghjkl;',
  'zxcvbnm123',
  'password1!',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'p@ssw0rd123',
  'iloveyou123',
  'iloveyou12',
  'welcome123',
  'welcome1234',
  'letmein123',
  'changeme123',
  'administrator',
  'admin12345',
  'admin123456',
  'football123',
  'baseball123',
  'sunshine123',
  'princess123',
  'dragon1234',
  'monkey12345',
  'trustno1234',
  'superman123',
  'starwars123',
  'michael123',
  'computer123',
  'abcdefghij',
  'abcd123456',
  'abc1234567',
  'a1b2c3d4e5',
  'aaaaaaaaaa',
  'qazwsxedcrfv',
  'secret1234',
  'summer2024',
  'summer2025',
  'summer2026',
  'winter2024',
  'winter2025',
  'winter2026',
  'spring2025',
  'spring2026',
  'autumn2025',
  'autumn2026',
  'company123',
  'password01',
  'passwordpassword',
  'correcthorse',
]);

/** Why a password is too weak, as the message to show; null when it is strong enough. */
export function passwordProblem(password: string, username?: string | null): string | null {
  if (password.length < minPasswordLength) return `Use at least ${minPasswordLength} characters.`;
  if (password.length > maxPasswordLength) return `Use at most ${maxPasswordLength} characters.`;
  const lower = password.toLowerCase();
  if (username && lower.includes(username.trim().toLowerCase()) && username.trim().length >= 3)
    return 'The password must not contain the user name.';
  // One character, or a run of up to three, repeated: 'aaaaaaaaaa', 'abcabcabca'.
  if (/^(.{1,3})\1+.{0,2}$/s.test(lower)) return 'The password must not be one short part repeated.';
  if (commonPasswords.has(lower)) return 'This password is too common. Choose another.';
  return null;
}
