import { syntaxTree } from '@codemirror/language';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { FunctionInfo } from '../api/calcEditorContracts';

/** The function a name at `pos` calls, by name or alias (case-insensitive), if it is one. */
export function functionAt(
  text: string,
  pos: number,
  functions: readonly FunctionInfo[],
): { from: number; to: number; fn: FunctionInfo } | null {
  let from = pos;
  let to = pos;
  while (from > 0 && /[\p{L}\p{N}_]/u.test(text[from - 1]!)) from -= 1;
  while (to < text.length && /[\p{L}\p{N}_]/u.test(text[to]!)) to += 1;
  if (from === to || !/^\s*\(/.test(text.slice(to))) return null;
  const name = text.slice(from, to).toLowerCase();
  const fn = functions.find(
    (f) => f.name.toLowerCase() === name || f.aliases.some((a) => a.toLowerCase() === name),
  );
  return fn ? { from, to, fn } : null;
}

/**
 * `calcHover(functions)`: hovering a call's name shows its signatures and description, from the
 * same registry as the hints and the Functions popup. Names inside text or comments are not calls.
 */
export function calcHover(getFunctions: () => readonly FunctionInfo[]) {
  return hoverTooltip((view, pos): Tooltip | null => {
    const node = syntaxTree(view.state).resolveInner(pos, 1);
    if (node.name !== 'function') return null;
    const line = view.state.doc.lineAt(pos);
    const hit = functionAt(line.text, pos - line.from, getFunctions());
    if (!hit) return null;
    return {
      pos: line.from + hit.from,
      end: line.from + hit.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'pl-expr-hover';
        const signature = document.createElement('code');
        signature.textContent = hit.fn.signatures.join('\n');
        const description = document.createElement('p');
        description.textContent = hit.fn.description;
        dom.append(signature, description);
        return { dom };
      },
    };
  });
}
