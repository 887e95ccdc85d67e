import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';
import { KEYWORDS } from '@plinth/calc/lexer';
import type { FieldInfo, FunctionInfo, RelationshipInfo, SnippetInfo } from '../api/calcEditorContracts';

/** A variable the expression may use (a page variable, a component output): inserted as `[Name]`. */
export interface EditorVariable {
  readonly name: string;
  readonly type?: string | undefined;
  readonly isList?: boolean | undefined;
  readonly entityTypeId?: number | string | undefined;
}

/** The members of a record type, for hints after a name and a dot. */
export interface TypeMembers {
  readonly fields: readonly FieldInfo[];
  readonly relationships: readonly RelationshipInfo[];
}

/** What completion offers; `membersOf` reads a type's fields and relationships (function help). */
export interface CompletionData {
  readonly functions: readonly FunctionInfo[];
  readonly snippets: readonly SnippetInfo[];
  readonly variables: readonly EditorVariable[];
  readonly contextType?: number | string | undefined;
  readonly membersOf: (typeId: number | string) => Promise<TypeMembers>;
}

/** A name as written in an expression: bracketed, with `]` doubled. */
export const bracketed = (name: string) => `[${name.replace(/\]/g, ']]')}]`;

const unbracket = (segment: string): string =>
  segment.startsWith('@')
    ? unbracket(segment.slice(1))
    : segment.startsWith('[')
      ? segment.slice(1, -1).replace(/\]\]/g, ']')
      : segment;

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

const word = /(?:@?\[(?:[^\]]|\]\])*|@?[\p{L}_][\p{L}\p{N}_]*)$/u;
const segmentBefore = /(@?\[(?:[^\]]|\]\])*\]|@?[\p{L}_][\p{L}\p{N}_]*)\s*\.\s*$/u;

/** The names of a member path ending just before `end` (e.g. `[Customer].Manager.`), outermost first. */
export function pathBefore(text: string, end: number): string[] {
  const segments: string[] = [];
  let rest = text.slice(0, end);
  for (;;) {
    const m = segmentBefore.exec(rest);
    if (!m) break;
    segments.unshift(unbracket(m[1]!));
    rest = rest.slice(0, m.index);
  }
  return segments;
}

function memberOptions(members: TypeMembers): Completion[] {
  return [
    ...members.fields.map((f) => ({ label: bracketed(f.name), detail: f.type, type: 'property', boost: 2 })),
    ...members.relationships.map((r) => ({
      label: bracketed(r.name),
      detail: r.isList ? 'list of records' : 'record',
      type: 'class',
      boost: 1,
    })),
  ];
}

/** Follows a path of relationship names from a type; undefined when a step is not a relationship. */
async function typeAtEnd(
  data: CompletionData,
  path: readonly string[],
): Promise<number | string | undefined> {
  const [first, ...rest] = path;
  if (first === undefined) return undefined;
  const variable = data.variables.find((v) => sameName(v.name, first));
  let typeId: number | string | undefined = variable?.entityTypeId;
  if (typeId === undefined) {
    if (data.contextType === undefined) return undefined;
    const members = await data.membersOf(data.contextType);
    typeId = members.relationships.find((r) => sameName(r.name, first))?.toTypeId;
  }
  for (const step of rest) {
    if (typeId === undefined) return undefined;
    const members: TypeMembers = await data.membersOf(typeId);
    typeId = members.relationships.find((r) => sameName(r.name, step))?.toTypeId;
  }
  return typeId;
}

function functionOption(f: FunctionInfo): Completion {
  return {
    label: f.name,
    detail: f.signatures[0] ?? '',
    info: f.description,
    type: 'function',
    // The call's parentheses, the cursor between them.
    apply: (view, _completion, from, to) =>
      view.dispatch({
        changes: { from, to, insert: `${f.name}()` },
        selection: { anchor: from + f.name.length + 1 },
        userEvent: 'input.complete',
      }),
  };
}

/**
 * `calcCompletion(data)`: hints on Ctrl-Space and while typing — functions, keywords, variables,
 * the context type's fields and relationships, snippets, and after `name.` the members of the
 * record a relationship path leads to.
 */
export function calcCompletion(getData: () => CompletionData): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const data = getData();
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const typed = word.exec(before)?.[0] ?? '';
    if (!typed && !context.explicit && !/\.\s*$/.test(before)) return null;
    const from = context.pos - typed.length;
    // A `]` closed automatically after the cursor belongs to the name being completed.
    const to =
      typed.startsWith('[') && context.state.sliceDoc(context.pos, context.pos + 1) === ']'
        ? context.pos + 1
        : context.pos;
    const path = pathBefore(before, before.length - typed.length);
    if (path.length > 0) {
      const typeId = await typeAtEnd(data, path);
      if (typeId === undefined) return null;
      return { from, to, options: memberOptions(await data.membersOf(typeId)), validFor: /^\[?[^\]]*$/ };
    }
    const members =
      data.contextType === undefined
        ? { fields: [], relationships: [] }
        : await data.membersOf(data.contextType);
    const options: Completion[] = [
      ...data.variables.map((v) => ({
        label: bracketed(v.name),
        detail: v.type ? `${v.isList ? 'list of ' : ''}${v.type}` : 'variable',
        type: 'variable',
        boost: 3,
      })),
      ...memberOptions(members),
      ...data.functions.map(functionOption),
      ...[...KEYWORDS].map((k) => ({ label: k, type: 'keyword', boost: -1 })),
      ...data.snippets.map((s) => ({
        label: s.name,
        detail: 'snippet',
        info: `${s.description}\n${s.text}`,
        type: 'text',
        apply: s.text,
        boost: -2,
      })),
    ];
    return { from, to, options, validFor: /^(@?\[[^\]]*|[\p{L}\p{N}_]*)$/u };
  };
}
