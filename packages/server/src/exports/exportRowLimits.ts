/** Excel's sheet limit is 1,048,576 rows, one of them the header. */
export const maxXlsxRows = 1_048_575;

/**
 * docx builds the whole document in memory, so a Word export holds at most this many rows and
 * says so under the table when rows were left out (Excel and CSV have no such cap).
 */
export const maxDocxRows = 10_000;
