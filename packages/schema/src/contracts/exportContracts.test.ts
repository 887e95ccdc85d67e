import { describe, expect, it } from 'vitest';
import { exportDownloadFileName, exportDownloadPath, exportRequest } from './exportContracts.js';

describe('export contracts', () => {
  it('names the downloaded file after the report title with the format extension', () => {
    expect(exportDownloadFileName({ fileHash: 't', format: 'excel' }, ' Open deals ')).toBe(
      'Open deals.xlsx',
    );
    expect(exportDownloadFileName({ fileHash: 't', format: 'word' }, '   ')).toBe('Report.docx');
  });

  it('puts the token, the file name and the format in one path segment each', () => {
    expect(exportDownloadPath({ fileHash: 'a/b+c', format: 'csv' }, 'Q1/Q2 ?#')).toBe(
      '/spapi/data/v2/report/export/download/a%2Fb%2Bc/Q1%2FQ2%20%3F%23.csv/csv',
    );
  });

  it('takes no paging in an export request', () => {
    expect(exportRequest.safeParse({ startIndex: 0 }).success).toBe(false);
    expect(
      exportRequest.safeParse({ quickSearch: 'x', limitOperator: 'ResultLimit', limitValue: 5 }).success,
    ).toBe(true);
  });
});
