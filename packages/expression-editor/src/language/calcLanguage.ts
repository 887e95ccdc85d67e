import {
  HighlightStyle,
  LanguageSupport,
  StreamLanguage,
  syntaxHighlighting,
  type TagStyle,
} from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { type CalcTokenState, calcToken, copyCalcState, startCalcState } from './calcTokens';

/** The calculation language for CodeMirror: a stream parser that follows the real lexer. */
export const calcStreamLanguage = StreamLanguage.define<CalcTokenState>({
  name: 'plinth-calc',
  startState: startCalcState,
  copyState: copyCalcState,
  token: calcToken,
  tokenTable: {
    ident: t.variableName,
    function: t.function(t.variableName),
    keyword: t.keyword,
    param: t.special(t.variableName),
    number: t.number,
    string: t.string,
    date: t.special(t.string),
    op: t.operator,
    tplStart: t.special(t.brace),
    tplText: t.string,
    holeOpen: t.special(t.brace),
    holeClose: t.special(t.brace),
    tplEnd: t.special(t.brace),
    comment: t.comment,
    invalid: t.invalid,
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', "'"] },
  },
});

/** Colours of the tokens, from the design tokens (styles.css defines the custom properties). */
const tokenColours: TagStyle[] = [
  { tag: t.keyword, color: 'var(--pl-calc-keyword)', fontWeight: '600' },
  { tag: t.function(t.variableName), color: 'var(--pl-calc-function)' },
  { tag: t.variableName, color: 'var(--pl-calc-name)' },
  { tag: t.special(t.variableName), color: 'var(--pl-calc-param)' },
  { tag: [t.number, t.special(t.string)], color: 'var(--pl-calc-number)' },
  { tag: t.string, color: 'var(--pl-calc-string)' },
  { tag: t.special(t.brace), color: 'var(--pl-calc-string)', fontWeight: '600' },
  { tag: t.operator, color: 'var(--pl-calc-operator)' },
  { tag: t.comment, color: 'var(--pl-calc-comment)', fontStyle: 'italic' },
  { tag: t.invalid, color: 'var(--pl-calc-invalid)', textDecoration: 'underline wavy' },
];
// (Defined from a variable: an array literal inside `define(` reads as AMD imports to checkManifests.)
const calcHighlightStyle = HighlightStyle.define(tokenColours);

/** `calcLanguage()`: highlighting and comment/bracket data for calculation expressions. */
export function calcLanguage(): LanguageSupport {
  return new LanguageSupport(calcStreamLanguage, [syntaxHighlighting(calcHighlightStyle)]);
}
