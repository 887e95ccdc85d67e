/** Characters that make a spreadsheet read a cell as a formula (or a DDE call) when it starts with one. */
const formulaStarts = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Text that a spreadsheet would run as a formula is made inert by a leading apostrophe
 * (design.md §3, OWASP "CSV injection"). Used for every text cell and header of every format;
 * genuine numbers of numeric columns never pass through here and stay numbers.
 */
export function neutraliseCell(text: string): string {
  return text.length > 0 && formulaStarts.has(text[0]!) ? `'${text}` : text;
}

/**
 * Drops the characters an XML document cannot hold (control characters other than tab, line feed
 * and carriage return). Done to all exported text before neutralising, in every format, so a
 * writer that drops them later can never uncover a leading '=' behind one.
 */
export function dropControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '');
}
