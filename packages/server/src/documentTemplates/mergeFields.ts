import { type MergeInstruction, parseMergeInstruction } from './mergeInstruction.js';
import {
  attributeOf,
  cloneNode,
  element,
  textNode,
  textOf,
  type XmlElement,
  type XmlNode,
} from './xmlTree.js';

/** The text a merge field is replaced by; called once per field. */
export type MergeValue = (instruction: MergeInstruction) => string;

/** A child of a run (`w:r`) and the run holding it. */
interface RunItem {
  run: XmlElement;
  node: XmlElement;
}

/** A complex field being read: its code so far and every run item from its begin on. */
interface OpenField {
  code: string;
  phase: 'code' | 'result';
  items: RunItem[];
  /** It sits in the code of the field around it (an IF's condition): its value is code too. */
  isInCode: boolean;
}

const preserve = ' xml:space="preserve"';

/**
 * The WordprocessingML of a value in a run: text (`w:t`), tabs as `w:tab` and line breaks as
 * `w:br`, or field-code text (`w:instrText`) where the value becomes part of another field's code.
 */
function valueNodes(text: string, asCode: boolean): XmlElement[] {
  if (asCode) return [element('w:instrText', [textNode(text.replace(/\s+/g, ' '))], preserve)];
  const nodes: XmlElement[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (i > 0) nodes.push(element('w:br'));
    line.split('\t').forEach((part, j) => {
      if (j > 0) nodes.push(element('w:tab'));
      if (part !== '') nodes.push(element('w:t', [textNode(part)], preserve));
    });
  });
  return nodes;
}

const isElement = (node: XmlNode, name: string): node is XmlElement =>
  node.kind === 'element' && node.name === name;

/**
 * Fills the merge fields of one part (the body, a header, a footer): simple fields
 * (`w:fldSimple w:instr="MERGEFIELD Name"`) and complex ones (`w:fldChar` begin, `w:instrText`,
 * separate, result runs, end), however their code is split across runs. Each is replaced by its
 * value as plain text in the runs' formatting, so the result is a document, not a template. Other
 * fields are kept; a merge field in another field's code (IF) becomes code text.
 */
export function fillMergeFields(nodes: XmlNode[], value: MergeValue): void {
  fillSimpleFields(nodes, value);
  fillComplexFields(nodes, value);
}

/** Replaces each `w:fldSimple` merge field by a run with its value (the first result run's formatting). */
function fillSimpleFields(nodes: XmlNode[], value: MergeValue): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.kind !== 'element') continue;
    const instruction = isElement(node, 'w:fldSimple')
      ? parseMergeInstruction(attributeOf(node, 'w:instr') ?? '')
      : null;
    if (!instruction) {
      fillSimpleFields(node.children, value);
      continue;
    }
    const properties = firstRunProperties(node);
    nodes[i] = element('w:r', [
      ...(properties ? [cloneNode(properties)] : []),
      ...valueNodes(value(instruction), false),
    ]);
  }
}

function firstRunProperties(node: XmlElement): XmlElement | undefined {
  for (const child of node.children) {
    if (child.kind !== 'element') continue;
    if (child.name === 'w:r') return child.children.find((c): c is XmlElement => isElement(c, 'w:rPr'));
    const inner = firstRunProperties(child);
    if (inner) return inner;
  }
  return undefined;
}

/** Every run's items (its children but its properties), in document order. */
function runItems(nodes: readonly XmlNode[], out: RunItem[] = []): RunItem[] {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.name === 'w:r') {
      for (const child of node.children)
        if (child.kind === 'element' && child.name !== 'w:rPr') out.push({ run: node, node: child });
    } else runItems(node.children, out);
  }
  return out;
}

function fillComplexFields(nodes: XmlNode[], value: MergeValue): void {
  const removed = new Set<XmlNode>();
  const insertedBefore = new Map<XmlNode, XmlNode[]>();
  const touchedRuns = new Set<XmlElement>();
  const open: OpenField[] = [];
  for (const item of runItems(nodes)) {
    for (const field of open) field.items.push(item);
    const top = open[open.length - 1];
    if (item.node.name === 'w:fldChar') {
      const kind = attributeOf(item.node, 'w:fldCharType');
      if (kind === 'begin')
        open.push({ code: '', phase: 'code', items: [item], isInCode: top?.phase === 'code' });
      else if (kind === 'separate' && top) top.phase = 'result';
      else if (kind === 'end' && top) {
        open.pop();
        const instruction = parseMergeInstruction(top.code);
        if (!instruction) continue;
        // The value takes the place of the field's first result text, else of its begin.
        const anchor =
          top.items.find((x, i) => i > 0 && x.node.name === 'w:t' && isResultOf(top, x)) ?? top.items[0]!;
        insertedBefore.set(anchor.node, valueNodes(value(instruction), top.isInCode));
        for (const x of top.items) {
          removed.add(x.node);
          touchedRuns.add(x.run);
        }
      }
    } else if (item.node.name === 'w:instrText' && top?.phase === 'code') top.code += textOf(item.node);
  }
  if (removed.size === 0) return;
  for (const run of touchedRuns) {
    run.children = run.children.flatMap((child) => [
      ...(insertedBefore.get(child) ?? []),
      ...(removed.has(child) ? [] : [child]),
    ]);
  }
  dropEmptyRuns(nodes, touchedRuns);
}

/** Whether an item of a field is its own result (after its separate, outside fields within it). */
function isResultOf(field: OpenField, item: RunItem): boolean {
  let depth = 0;
  let inResult = false;
  for (const x of field.items) {
    if (x === item) return inResult && depth === 0;
    if (x.node.name !== 'w:fldChar') continue;
    const kind = attributeOf(x.node, 'w:fldCharType');
    if (x === field.items[0]) continue;
    if (kind === 'begin') depth++;
    else if (kind === 'end') depth--;
    else if (kind === 'separate' && depth === 0) inResult = true;
  }
  return false;
}

/** Removes the runs the merge emptied (nothing left but their properties). */
function dropEmptyRuns(nodes: XmlNode[], touched: ReadonlySet<XmlElement>): void {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (node.kind !== 'element') continue;
    if (touched.has(node) && node.children.every((c) => c.kind !== 'element' || c.name === 'w:rPr'))
      nodes.splice(i, 1);
    else dropEmptyRuns(node.children, touched);
  }
}

/** The merge fields of a part, in document order, without filling them (the names a template uses). */
export function mergeFieldsOf(nodes: XmlNode[]): MergeInstruction[] {
  const found: MergeInstruction[] = [];
  const copy = nodes.map(cloneNode);
  fillMergeFields(copy, (instruction) => {
    found.push(instruction);
    return '';
  });
  return found;
}
