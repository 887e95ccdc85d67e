/**
 * Derives a script name (the identifier calculations use) from a display name.
 *
 * Rule: accents are folded to plain letters (é → e); every run of characters other than ASCII
 * letters and digits becomes one underscore; leading and trailing underscores are dropped. A result
 * starting with a digit gets `prefix` and an underscore in front, so script names always match
 * `[A-Za-z][A-Za-z0-9_]*`. A name with no letters or digits gives '' (the editor then asks for a
 * script name, which is required).
 *
 * @example toScriptName('Date and Time') // 'Date_and_Time'
 * @example toScriptName('Yes/No 2') // 'Yes_No_2'
 * @example toScriptName('2nd address') // 'Field_2nd_address'
 */
export function toScriptName(name: string, prefix = 'Field'): string {
  if (typeof name !== 'string') return '';
  const folded = name.normalize('NFKD').replace(/\p{M}+/gu, '');
  const scriptName = folded.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if (scriptName === '') return '';
  return /^[0-9]/.test(scriptName) ? `${prefix}_${scriptName}` : scriptName;
}
