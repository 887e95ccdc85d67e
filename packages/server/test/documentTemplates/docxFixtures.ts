import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const partType = (part: string) =>
  `application/vnd.openxmlformats-officedocument.wordprocessingml.${part}+xml`;

/** A paragraph of runs (their XML given). */
export const paragraph = (...runs: string[]) => `<w:p>${runs.join('')}</w:p>`;
/** A run of text, bold when asked. */
export const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
/** A simple merge field as Word writes it, with its «Name» result. */
export const simpleField = (code: string, shown = 'x') =>
  `<w:fldSimple w:instr="${code.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"><w:r><w:rPr><w:i/></w:rPr><w:t>${shown}</w:t></w:r></w:fldSimple>`;
/**
 * A complex merge field whose code is split over several runs (as Word leaves it after editing),
 * with a result run and the end in a run of its own.
 */
export const complexField = (codeParts: string[], shown = '«x»') =>
  [
    '<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:fldChar w:fldCharType="begin"/></w:r>',
    ...codeParts.map((c) => `<w:r><w:instrText xml:space="preserve">${c}</w:instrText></w:r>`),
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
    `<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t>${shown}</w:t></w:r>`,
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ].join('');

/** A .docx with the body's paragraphs, and a header and a footer when given. */
export function docx(body: string, options: { header?: string; footer?: string } = {}): Buffer {
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${partType('document.main')}"/>` +
      (options.header ? `<Override PartName="/word/header1.xml" ContentType="${partType('header')}"/>` : '') +
      (options.footer ? `<Override PartName="/word/footer1.xml" ContentType="${partType('footer')}"/>` : '') +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      (options.header ? `<Relationship Id="rId1" Type="${R}/header" Target="header1.xml"/>` : '') +
      (options.footer ? `<Relationship Id="rId2" Type="${R}/footer" Target="footer1.xml"/>` : '') +
      '</Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body}<w:sectPr>` +
      (options.header ? '<w:headerReference w:type="default" r:id="rId1"/>' : '') +
      (options.footer ? '<w:footerReference w:type="default" r:id="rId2"/>' : '') +
      '</w:sectPr></w:body></w:document>',
  };
  if (options.header)
    parts['word/header1.xml'] =
      `<?xml version="1.0" encoding="UTF-8"?><w:hdr xmlns:w="${W}">${options.header}</w:hdr>`;
  if (options.footer)
    parts['word/footer1.xml'] =
      `<?xml version="1.0" encoding="UTF-8"?><w:ftr xmlns:w="${W}">${options.footer}</w:ftr>`;
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)]))));
}

/** The parts of a .docx as text, by name. */
export function partsOf(file: Buffer | Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(file))).map(([k, v]) => [k, strFromU8(v)]),
  );
}

/** The text a part shows: its w:t contents joined, a paragraph a line ('\n'), breaks as '\n'. */
export function shownText(xml: string): string {
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:instrText[^>]*>[^<]*<\/w:instrText>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}
