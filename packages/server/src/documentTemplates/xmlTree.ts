/**
 * A small XML tree for the parts of a Word file: elements keep their attributes and text keeps
 * its escapes exactly as read, so what the merge does not touch is written back byte for byte.
 * No DTD is read (a part with one is refused): nothing is fetched or expanded.
 */

export interface XmlElement {
  kind: 'element';
  name: string;
  /** The attributes as written, with their leading white space ('' when none). */
  attrs: string;
  children: XmlNode[];
  /** Written as `<name/>` (only while it has no children). */
  selfClosing: boolean;
}

/** Character data as written, entities still escaped. */
export interface XmlText {
  kind: 'text';
  raw: string;
}

/** The declaration, a comment, a processing instruction or a CDATA section, written back as read. */
export interface XmlRaw {
  kind: 'raw';
  raw: string;
}

export type XmlNode = XmlElement | XmlText | XmlRaw;

/** A part that is not XML this reader takes: the template is refused with the message. */
export class XmlError extends Error {}

/** Deeper than any Word part nests: a part past it is refused rather than walked. */
const maxDepth = 200;

/** Reads a part into its nodes (the declaration, the root element, white space around them). */
export function parseXml(text: string): XmlNode[] {
  const root: XmlElement = { kind: 'element', name: '', attrs: '', children: [], selfClosing: false };
  const stack: XmlElement[] = [root];
  let i = 0;
  const top = () => stack[stack.length - 1]!;
  const until = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    if (at < 0) throw new XmlError('An XML part ends inside a markup.');
    return at + end.length;
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt > i) {
      const end = lt < 0 ? text.length : lt;
      top().children.push({ kind: 'text', raw: text.slice(i, end) });
      i = end;
      continue;
    }
    if (text.startsWith('<?', i) || text.startsWith('<!--', i) || text.startsWith('<![CDATA[', i)) {
      const end = until(text.startsWith('<?', i) ? '?>' : text.startsWith('<!--', i) ? '-->' : ']]>', i);
      top().children.push({ kind: 'raw', raw: text.slice(i, end) });
      i = end;
      continue;
    }
    if (text.startsWith('<!', i)) throw new XmlError('An XML part declares a document type.');
    const end = tagEnd(text, i);
    if (text[i + 1] === '/') {
      const name = text.slice(i + 2, end - 1).trim();
      const open = stack.pop();
      if (!open || open === root || open.name !== name)
        throw new XmlError(`An XML part closes <${name}> where it is not open.`);
      i = end;
      continue;
    }
    const selfClosing = text[end - 2] === '/';
    const inner = text.slice(i + 1, selfClosing ? end - 2 : end - 1);
    const name = /^[^\s/>]+/.exec(inner)?.[0];
    if (!name) throw new XmlError('An XML part has a tag without a name.');
    const element: XmlElement = {
      kind: 'element',
      name,
      attrs: inner.slice(name.length),
      children: [],
      selfClosing,
    };
    top().children.push(element);
    if (!selfClosing) {
      if (stack.length > maxDepth) throw new XmlError('An XML part nests too deeply.');
      stack.push(element);
    }
    i = end;
  }
  if (stack.length !== 1) throw new XmlError(`An XML part leaves <${top().name}> open.`);
  return root.children;
}

/** The index just past the `>` that ends the tag starting at `start` (quoted `>` skipped). */
function tagEnd(text: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '<') break;
    else if (c === '>') return i + 1;
  }
  throw new XmlError('An XML part has a tag that does not end.');
}

/** Writes nodes back as XML text. */
export function serializeXml(nodes: readonly XmlNode[]): string {
  const out: string[] = [];
  const write = (node: XmlNode) => {
    if (node.kind !== 'element') {
      out.push(node.raw);
      return;
    }
    if (node.children.length === 0 && node.selfClosing) {
      out.push(`<${node.name}${node.attrs}/>`);
      return;
    }
    out.push(`<${node.name}${node.attrs}>`);
    for (const child of node.children) write(child);
    out.push(`</${node.name}>`);
  };
  for (const node of nodes) write(node);
  return out.join('');
}

const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data or an attribute value with its entities read. */
export function decodeXml(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[entity] ?? whole;
  });
}

// Characters XML 1.0 cannot hold at all (§2.2): a value carrying one would make Word refuse the file.
const notXmlChars =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text escaped for character data, without the characters XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(notXmlChars, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute's value as read (entities decoded), or undefined when the element has none. */
export function attributeOf(element: XmlElement, name: string): string | undefined {
  const pattern = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = pattern.exec(element.attrs); m; m = pattern.exec(element.attrs)) {
    if (m[1] === name) return decodeXml(m[2] ?? m[3] ?? '');
  }
  return undefined;
}

/** A new element of the given children. */
export function element(name: string, children: XmlNode[] = [], attrs = ''): XmlElement {
  return { kind: 'element', name, attrs, children, selfClosing: children.length === 0 };
}

/** A text node holding `text`, escaped. */
export function textNode(text: string): XmlText {
  return { kind: 'text', raw: escapeXml(text) };
}

/** A deep copy of a node (a run's properties given to a new run). */
export function cloneNode<T extends XmlNode>(node: T): T {
  if (node.kind !== 'element') return { ...node };
  return { ...node, children: node.children.map(cloneNode) } as T;
}

/** The text content of an element's descendants, entities decoded. */
export function textOf(node: XmlNode): string {
  if (node.kind === 'text') return decodeXml(node.raw);
  if (node.kind === 'raw') return node.raw.startsWith('<![CDATA[') ? node.raw.slice(9, -3) : '';
  return node.children.map(textOf).join('');
}
