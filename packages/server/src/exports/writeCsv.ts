import { stringify } from 'csv-stringify/sync';
import { cellText } from './cellText.js';
import type { ExportRowSource } from './exportRows.js';
import { neutraliseCell } from './neutraliseCell.js';

// quote_record_delimiter: with a record delimiter given, csv-stringify would otherwise leave a
// lone CR or LF in a field unquoted, which breaks the record.
const options = { record_delimiter: 'windows', quote_record_delimiter: true } as const;

/**
 * The report as CSV (RFC 4180: comma separated, CRLF line ends, fields with a comma, quote or line
 * break quoted, quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs read
 * non-ASCII text right. A header row of column titles, then one line per row, one page at a time:
 * the next page is read only when the previous one has been taken by the response.
 */
export async function* writeCsv(source: ExportRowSource): AsyncGenerator<string> {
  yield stringify([source.columns.map((c) => neutraliseCell(c.title))], { ...options, bom: true });
  for await (const page of source.pages) {
    yield stringify(
      page.map((row) => row.map((cell) => cellText(cell))),
      options,
    );
  }
}
