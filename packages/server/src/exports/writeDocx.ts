import {
  Document,
  HeadingLevel,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { cellText } from './cellText.js';
import { maxDocxRows } from './exportRowLimits.js';
import type { ExportCell, ExportColumn, ExportRowSource } from './exportRows.js';
import { dropControlCharacters, neutraliseCell } from './neutraliseCell.js';

const clean = dropControlCharacters;
const numericTypes = new Set(['Int32', 'Decimal', 'Currency', 'AutoNumber']);

/**
 * The report as a Word document: its title as a heading and a table with a header row repeated on
 * every page (landscape when it has more than five columns). Text is neutralised like every other
 * format; numbers of numeric columns are right-aligned as they are.
 */
export async function writeDocx(source: ExportRowSource): Promise<Buffer> {
  const rows: TableRow[] = [
    new TableRow({
      tableHeader: true,
      children: source.columns.map(
        (c) => new TableCell({ children: [paragraph(neutraliseCell(c.title), { bold: true })] }),
      ),
    }),
  ];
  for await (const page of source.pages) {
    for (const row of page) {
      rows.push(
        new TableRow({
          children: row.map(
            (cell, i) => new TableCell({ children: [cellParagraph(cell, source.columns[i]!)] }),
          ),
        }),
      );
    }
  }
  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(clean(source.title))] }),
    new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }),
  ];
  if (source.truncated) {
    children.push(
      paragraph(
        `Only the first ${maxDocxRows.toLocaleString('en-AU')} rows are included. Export to Excel or CSV for every row.`,
        { italics: true },
      ),
    );
  }
  const doc = new Document({
    creator: 'Plinth',
    title: clean(source.title),
    sections: [
      {
        properties:
          source.columns.length > 5 ? { page: { size: { orientation: PageOrientation.LANDSCAPE } } } : {},
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function cellParagraph(cell: ExportCell, column: ExportColumn): Paragraph {
  const text = cellText(cell, ['Yes', 'No']);
  const numeric = cell?.kind === 'number' && numericTypes.has(column.type);
  return paragraph(text, {}, numeric ? 'right' : undefined);
}

/** A paragraph of text; line breaks in the text become breaks in the paragraph. */
function paragraph(
  text: string,
  style: { bold?: boolean; italics?: boolean },
  alignment?: 'right',
): Paragraph {
  const lines = clean(text).split(/\r\n|\r|\n/);
  return new Paragraph({
    ...(alignment ? { alignment } : {}),
    children: lines.map((line, i) => new TextRun({ text: line, ...style, ...(i > 0 ? { break: 1 } : {}) })),
  });
}
