/**
 * SQL text with bound values, the translator's output and what the server's hooks return. Like a
 * tagged template: `strings` has one more element than `values`, and every value is a bound
 * parameter, never text spliced into the SQL.
 */
export interface SqlFragment {
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

/** The database engines the translator writes for; each has a `SqlDialect` object (dialects/). */
export type SqlDialectName = 'sqlite' | 'postgres';

const isFragment = (v: unknown): v is SqlFragment =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as SqlFragment).strings) &&
  Array.isArray((v as SqlFragment).values);

/**
 * Builds a fragment: interpolated fragments are inlined, anything else becomes a parameter.
 *
 * @example
 * const f = sqlFragment`json_extract(${rawSql('e0.data')}, ${'$."f-age"'})`; // one parameter
 */
export function sqlFragment(
  strings: TemplateStringsArray | readonly string[],
  ...values: unknown[]
): SqlFragment {
  const outStrings: string[] = [strings[0] ?? ''];
  const outValues: unknown[] = [];
  values.forEach((v, i) => {
    const next = strings[i + 1] ?? '';
    if (isFragment(v)) {
      outStrings[outStrings.length - 1] += v.strings[0] ?? '';
      for (let j = 0; j < v.values.length; j++) {
        outValues.push(v.values[j]);
        outStrings.push(v.strings[j + 1] ?? '');
      }
      outStrings[outStrings.length - 1] += next;
    } else {
      outValues.push(v);
      outStrings.push(next);
    }
  });
  return { strings: outStrings, values: outValues };
}

/** Trusted SQL text (identifiers the server chose from the metamodel, keywords). Never user text. */
export const rawSql = (text: string): SqlFragment => ({ strings: [text], values: [] });

/** Fragments joined by a separator. */
export function joinSql(parts: readonly SqlFragment[], separator = ', '): SqlFragment {
  if (parts.length === 0) return rawSql('');
  const strings = ['', ...parts.slice(1).map(() => separator), ''];
  return sqlFragment(strings, ...parts);
}

/**
 * The fragment as SQL text with placeholders: `?` for SQLite, `$1, $2, …` for PostgreSQL (counting
 * from `firstIndex`).
 */
export function renderSql(
  f: SqlFragment,
  dialect: SqlDialectName,
  firstIndex = 1,
): { sql: string; params: unknown[] } {
  let sql = f.strings[0] ?? '';
  for (let i = 0; i < f.values.length; i++) {
    sql += dialect === 'sqlite' ? '?' : `$${firstIndex + i}`;
    sql += f.strings[i + 1] ?? '';
  }
  return { sql, params: [...f.values] };
}
