import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { templateMessages } from './templateMessages.js';
import { attributeOf, parseXml, serializeXml, type XmlElement, XmlError, type XmlNode } from './xmlTree.js';

/** A Word file the template cannot be read as; the message says why in the user's words. */
export class DocxError extends Error {}

// A template is a small document: these bound what unpacking one may cost, whatever its entries
// claim (the inflater writes into buffers of the declared sizes and never past them).
const maxEntries = 2000;
const maxEntryBytes = 32 * 1_048_576;
const maxTotalBytes = 96 * 1_048_576;

const mainContentType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** The parts whose text shows in the document: the body, headers, footers, footnotes and endnotes. */
const textPartTypes = new Set(
  ['document.main', 'header', 'footer', 'footnotes', 'endnotes'].map(
    (part) => `application/vnd.openxmlformats-officedocument.wordprocessingml.${part}+xml`,
  ),
);

/** An opened Word file: its entries in their order, and the parts that hold its text. */
export interface DocxPackage {
  entries: Map<string, Uint8Array>;
  /** Entry names of the body, headers, footers, footnotes and endnotes; the body first. */
  textParts: string[];
}

/** Opens a .docx: a zip with `[Content_Types].xml` naming a main document part that is there. */
export function openDocx(bytes: Uint8Array): DocxPackage {
  let entries: Map<string, Uint8Array>;
  try {
    let count = 0;
    let total = 0;
    const files = unzipSync(bytes, {
      filter: (file) => {
        count++;
        total += file.originalSize;
        if (count > maxEntries || file.originalSize > maxEntryBytes || total > maxTotalBytes)
          throw new DocxError(templateMessages.tooLarge);
        return true;
      },
    });
    entries = new Map(Object.entries(files));
  } catch (error) {
    if (error instanceof DocxError) throw error;
    throw new DocxError(templateMessages.notDocx);
  }
  const types = entries.get('[Content_Types].xml');
  if (!types) throw new DocxError(templateMessages.notDocx);
  const overrides = elementsNamed(readPart(types), 'Override').map((o) => ({
    part: (attributeOf(o, 'PartName') ?? '').replace(/^\//, ''),
    type: attributeOf(o, 'ContentType') ?? '',
  }));
  const main = overrides.find((o) => o.type === mainContentType && entries.has(o.part));
  if (!main) throw new DocxError(templateMessages.notDocx);
  const others = overrides.filter((o) => o !== main && textPartTypes.has(o.type) && entries.has(o.part));
  return { entries, textParts: [main.part, ...others.map((o) => o.part)] };
}

/** A part read as XML; a part that is not XML the reader takes refuses the template. */
export function readPart(bytes: Uint8Array): XmlNode[] {
  try {
    return parseXml(strFromU8(bytes));
  } catch (error) {
    if (error instanceof XmlError) throw new DocxError(templateMessages.notDocx);
    throw error;
  }
}

/** Writes a part back into the package. */
export function writePart(pkg: DocxPackage, name: string, nodes: readonly XmlNode[]): void {
  pkg.entries.set(name, strToU8(serializeXml(nodes)));
}

/** The package as a .docx file again, its entries in their order. */
export function packDocx(pkg: DocxPackage): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(pkg.entries), { level: 6 }));
}

function elementsNamed(nodes: readonly XmlNode[], name: string, out: XmlElement[] = []): XmlElement[] {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.name === name) out.push(node);
    elementsNamed(node.children, name, out);
  }
  return out;
}
