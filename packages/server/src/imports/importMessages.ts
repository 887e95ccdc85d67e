/** The limits of a CSV import (decision 0103). */
export const csvLimits = {
  /** The largest file taken: about 400,000 rows of ten short cells. */
  maxBytes: 50 * 1024 * 1024,
  maxColumns: 200,
  maxRows: 250_000,
  /** Rows the preview shows, and bad rows listed in full (all are counted). */
  previewRows: 20,
  listedBadRows: 1000,
  /** Uploads not imported are removed a day after. */
  keptMs: 24 * 3600_000,
} as const;

/** What the import says; none of it is in the spec (decision 0103). */
export const importMessages = {
  notMultipart: 'Send the CSV file as multipart/form-data.',
  noFile: 'Choose a CSV file to upload.',
  oneFileOnly: 'Upload one CSV file at a time.',
  notCsv: 'The file is not a CSV file. Save it as CSV (comma-separated values) and upload it again.',
  tooLarge: `The file is too large; the largest CSV file that can be imported is ${csvLimits.maxBytes / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  noRows: 'The file has a header but no rows under it.',
  tooManyColumns: (n: number) =>
    `The file has ${n} columns; at most ${csvLimits.maxColumns} columns can be imported.`,
  tooManyRows: `The file has more than ${csvLimits.maxRows.toLocaleString('en-US')} rows; split it and import each part.`,
  badCsv: (line: number, reason: string) => `The file is not valid CSV at line ${line}: ${reason}`,
  uploadNotFound: 'The uploaded file is no longer available. Upload it again.',
  mappingLength: 'The mapping must name a field, or none, for each column of the file.',
  notImportable: (key: string) => `'${key}' is not a field or lookup that can be imported into.`,
  mappedTwice: (label: string) => `'${label}' is filled by more than one column.`,
  requiredUnmapped: (label: string) => `'${label}' is required, and no column fills it.`,
  nothingMapped: 'Map at least one column to a field.',
  badRowsLeft: (n: number) =>
    n === 1
      ? '1 row has problems. Fix the file or the mapping, or exclude the row, then import again.'
      : `${n} rows have problems. Fix the file or the mapping, or exclude the rows, then import again.`,
  nothingToImport: 'Every row is excluded: there is nothing to import.',
  cellCount: (cells: number, columns: number) =>
    `The row has ${cells} cells; the header has ${columns} columns.`,
  notYesNo: (value: string) => `'${value}' is not Yes or No.`,
  noMatch: (typeName: string, value: string) => `No ${typeName} is named '${value}'.`,
  ambiguous: (typeName: string, value: string, n: number) =>
    `${n} ${typeName} records are named '${value}'; the name must pick one.`,
  notAdmin: 'Only administrators can create Objects.',
  columnsLength: 'The new Object must say, for each column of the file, its field or none.',
  nameColumn: 'The column for the records’ names must be one of the file’s columns.',
} as const;
