/** Makes a row object from the values of a row as better-sqlite3's raw mode answers them. */
export type RowObjects = (values: unknown[]) => Record<string, unknown>;

/**
 * The row objects of a statement with these columns (decision 0143): one object literal with the
 * column names as keys, so every row of the statement is built by optimised code and shares one
 * shape. better-sqlite3 builds each row through V8's property API, hashing and looking up each
 * column name again for every row, which cost about a seventh of a report page's instructions.
 * As there, a name that comes twice keeps its last value.
 */
export function rowObjects(columns: readonly string[]): RowObjects {
  // `__proto__` in a literal would set the prototype: such rows are built key by key instead.
  if (columns.includes('__proto__')) return (values) => byKey(columns, values);
  const properties = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as RowObjects;
}

function byKey(columns: readonly string[], values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((name, i) => {
    Object.defineProperty(row, name, {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return row;
}

/**
 * The row objects of a prepared statement, its column names read once. SQLite prepares a kept
 * statement again by itself after its table is altered, and a `SELECT *` then answers other
 * columns: when a row's count of values differs, the names are read again. (Tables are altered only
 * by migrations, which add and drop columns; none renames one.)
 */
export function statementRowObjects(statement: { columns(): Array<{ name: string }> }): RowObjects {
  let count = -1;
  let toObject: RowObjects = () => ({});
  return (values) => {
    if (values.length !== count) {
      const columns = statement.columns().map((c) => c.name);
      count = columns.length;
      toObject = rowObjects(columns);
    }
    return toObject(values);
  };
}
