import { describe, expect, it } from 'vitest';
import { fillMergeFields, mergeFieldsOf } from '../../src/documentTemplates/mergeFields.js';
import { mergedText, parseMergeInstruction } from '../../src/documentTemplates/mergeInstruction.js';
import { parseXml, serializeXml, XmlError } from '../../src/documentTemplates/xmlTree.js';
import { complexField, paragraph, run, shownText, simpleField } from './docxFixtures.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const body = (...paragraphs: string[]) =>
  `<?xml version="1.0"?><w:document ${W}><w:body>${paragraphs.join('')}</w:body></w:document>`;

/** Fills a part with the values by name (lower case) and answers the filled XML. */
function fill(xml: string, values: Record<string, string>): string {
  const nodes = parseXml(xml);
  fillMergeFields(nodes, (instruction) =>
    mergedText(instruction, values[instruction.name.toLowerCase()] ?? `?${instruction.name}`),
  );
  return serializeXml(nodes);
}

describe('merge field codes', () => {
  it('reads the name, quoted or not, and the before, after and case switches', () => {
    expect(parseMergeInstruction(' MERGEFIELD  Name \\* MERGEFORMAT ')).toEqual({
      name: 'Name',
      before: '',
      after: '',
      textCase: null,
    });
    expect(parseMergeInstruction('MERGEFIELD "Annual Revenue" \\b "Revenue: " \\f "." \\* Upper')).toEqual({
      name: 'Annual Revenue',
      before: 'Revenue: ',
      after: '.',
      textCase: 'upper',
    });
    expect(parseMergeInstruction('mergefield Parent_Account.Name')?.name).toBe('Parent_Account.Name');
    expect(parseMergeInstruction('DATE \\@ "d MMMM yyyy"')).toBeNull();
    expect(parseMergeInstruction('MERGEFIELD')).toBeNull();
  });

  it('writes before and after text only around a value', () => {
    const i = parseMergeInstruction('MERGEFIELD x \\b "(" \\f ")" \\* Caps')!;
    expect(mergedText(i, 'new south wales')).toBe('(New South Wales)');
    expect(mergedText(i, '')).toBe('');
  });
});

describe('filling merge fields', () => {
  it('fills a simple field in the formatting of its result run', () => {
    const out = fill(body(paragraph(run('Dear '), simpleField(' MERGEFIELD Name '), run('!'))), {
      name: 'Ada',
    });
    expect(shownText(out)).toBe('Dear Ada!');
    expect(out).not.toContain('fldSimple');
    expect(out).toContain('<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Ada</w:t></w:r>');
  });

  it('fills a complex field whose code is split over runs, leaving no field behind', () => {
    const field = complexField([' MERGE', 'FIELD  "Annual', ' Revenue" ', '\\* MERGEFORMAT ']);
    const out = fill(body(paragraph(run('Revenue: ', true), field, run(' a year'))), {
      'annual revenue': '$1,200.00',
    });
    expect(shownText(out)).toBe('Revenue: $1,200.00 a year');
    expect(out).not.toMatch(/fldChar|instrText|«x»/);
    // The value takes the place (and the formatting) of the field's result.
    expect(out).toContain(
      '<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">$1,200.00</w:t></w:r>',
    );
  });

  it('escapes values and writes line breaks and tabs as Word does', () => {
    const out = fill(body(paragraph(simpleField('MERGEFIELD Notes'))), {
      notes: 'Smith & Sons <Ltd>\nline "two"\tend\u0001',
    });
    expect(out).toContain('Smith &amp; Sons &lt;Ltd&gt;</w:t><w:br/>');
    expect(out).toContain('<w:tab/>');
    expect(out).not.toContain('\u0001');
    expect(shownText(out)).toBe('Smith & Sons <Ltd>\nline "two"\tend');
    expect(() => parseXml(out)).not.toThrow();
  });

  it('keeps other fields, and a merge field in an IF becomes code text', () => {
    const inner = complexField(['MERGEFIELD Won']);
    const ifField = [
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
      '<w:r><w:instrText xml:space="preserve"> IF </w:instrText></w:r>',
      inner,
      '<w:r><w:instrText xml:space="preserve"> = "Yes" "Won" "Open" </w:instrText></w:r>',
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
      run('Open'),
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
    ].join('');
    const out = fill(body(paragraph(ifField, simpleField('PAGE', '1'))), { won: 'Yes' });
    expect(out).toContain('<w:instrText xml:space="preserve">Yes</w:instrText>');
    expect(out).toContain('w:instr="PAGE"');
    expect(out.match(/w:fldCharType="begin"/g)).toHaveLength(1);
  });

  it('lists the merge fields of a part without changing it', () => {
    const xml = body(paragraph(simpleField('MERGEFIELD A'), complexField(['MERGEFIELD ', 'B'])));
    const nodes = parseXml(xml);
    expect(mergeFieldsOf(nodes).map((f) => f.name)).toEqual(['A', 'B']);
    expect(serializeXml(nodes)).toBe(xml);
  });

  it('writes what it does not touch back as it was', () => {
    const xml = `<?xml version="1.0"?><!-- note --><w:document ${W} w:x='a > b'><w:body><w:p><w:r><w:t>a &amp; b &#x41;</w:t></w:r></w:p><![CDATA[<x>]]></w:body></w:document>`;
    expect(serializeXml(parseXml(xml))).toBe(xml);
  });

  it('refuses XML that is not well formed or declares a document type', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(XmlError);
    expect(() => parseXml('<a>')).toThrow(XmlError);
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(XmlError);
    expect(() => parseXml('<a b="c')).toThrow(XmlError);
  });
});
