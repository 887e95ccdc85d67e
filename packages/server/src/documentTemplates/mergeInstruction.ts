/**
 * A Word MERGEFIELD as its field code reads: `MERGEFIELD "Annual Revenue" \b "Revenue: " \* Upper`.
 * The name may be quoted; `\b` and `\f` give text written before and after a value that is not
 * empty; `\*` Upper, Lower, FirstCap and Caps change its case. Date and number pictures (`\@`, `\#`)
 * are not read: values are written as the app shows them (decision 0129).
 */
export interface MergeInstruction {
  name: string;
  before: string;
  after: string;
  textCase: 'upper' | 'lower' | 'firstCap' | 'caps' | null;
}

/** The words of a field code: quoted text (with `\"` and `\\` inside) or runs of non-space characters. */
function wordsOf(code: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      let word = '';
      i++;
      while (i < code.length && code[i] !== '"') {
        if (code[i] === '\\' && (code[i + 1] === '"' || code[i + 1] === '\\')) i++;
        word += code[i];
        i++;
      }
      words.push(word);
      i++;
      continue;
    }
    const end = code.slice(i).search(/\s|"/);
    const word = end < 0 ? code.slice(i) : code.slice(i, i + end);
    words.push(word);
    i += word.length;
  }
  return words;
}

const cases: Record<string, MergeInstruction['textCase']> = {
  upper: 'upper',
  lower: 'lower',
  firstcap: 'firstCap',
  caps: 'caps',
};

/** The merge field a field code is, or null when the code is another field (or names nothing). */
export function parseMergeInstruction(code: string): MergeInstruction | null {
  const words = wordsOf(code);
  if (words[0]?.toUpperCase() !== 'MERGEFIELD') return null;
  const name = words[1]?.trim();
  if (!name || name.startsWith('\\')) return null;
  const instruction: MergeInstruction = { name, before: '', after: '', textCase: null };
  for (let i = 2; i < words.length; i++) {
    const word = words[i]!.toLowerCase();
    const next = words[i + 1];
    if (word === '\\b' && next !== undefined) instruction.before = next;
    else if (word === '\\f' && next !== undefined) instruction.after = next;
    else if (word === '\\*' && next !== undefined) instruction.textCase = cases[next.toLowerCase()] ?? null;
    else continue;
    i++;
  }
  return instruction;
}

/** A value as the field writes it: its case changed, with its before and after text when not empty. */
export function mergedText(instruction: MergeInstruction, value: string): string {
  if (value === '') return '';
  const cased =
    instruction.textCase === 'upper'
      ? value.toLocaleUpperCase()
      : instruction.textCase === 'lower'
        ? value.toLocaleLowerCase()
        : instruction.textCase === 'firstCap'
          ? value.charAt(0).toLocaleUpperCase() + value.slice(1)
          : instruction.textCase === 'caps'
            ? value.replace(/(^|\s)(\S)/g, (_, space: string, c: string) => space + c.toLocaleUpperCase())
            : value;
  return `${instruction.before}${cased}${instruction.after}`;
}

/** The marker an unknown merge field keeps in the document, as Word shows an unmerged one. */
export const unknownFieldMarker = (name: string) => `«${name}»`;
