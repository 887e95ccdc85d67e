import type pg from 'pg';

/**
 * Marks a statement whose best plan depends on its values (a report's conditions, sorts and
 * terms): it is planned on every run, never prepared with a plan kept generic (decision 0157).
 */
export const planPerRun = '/* plan per run */ ';

/** Whether a text is planned on every run: marked so, or matching a pattern (all in its term). */
const plannedPerRun = (text: string) => text.includes(planPerRun) || /\bI?LIKE\b/i.test(text);

/** Texts seen, with their statement names once asked twice; cleared whole when full. */
const maxTexts = 2_000;
/** Statements a connection keeps before it deallocates them all and starts again. */
export const maxPreparedPerConnection = 500;

/**
 * A pg client class whose parameterised statements asked a second time are sent as named
 * prepared statements (decision 0157): PostgreSQL parses such a text once per connection, and
 * after five runs may keep a generic plan, where an unnamed statement is parsed and planned on
 * every run. A text asked once, or planned per run, stays unnamed: one-off texts never fill a
 * connection, and a report's plan is made for its values. A connection keeping
 * `maxPreparedPerConnection` statements deallocates them all before it prepares more. Names are
 * never reused for another text, whatever was cleared.
 */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  /** A text's name; null: asked once; false: planned per run. */
  const names = new Map<string, string | null | false>();
  let nextName = 0;
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name) return name;
    if (name === false) return undefined;
    if (names.size >= maxTexts) names.clear();
    if (plannedPerRun(text)) {
      names.set(text, false);
      return undefined;
    }
    if (name === null) {
      const named = `p${++nextName}`;
      names.set(text, named);
      return named;
    }
    names.set(text, null);
    return undefined;
  };

  class PreparingClient extends Client {
    /** The statements this connection was asked to prepare (those it holds, or is preparing). */
    readonly #prepared = new Set<string>();

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through as they came
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0)
        return super.query(config, values, callback);
      const name = nameOf(config);
      if (name === undefined) return super.query(config, values, callback);
      if (!this.#prepared.has(name)) {
        if (this.#prepared.size >= maxPreparedPerConnection) this.#forgetPrepared();
        this.#prepared.add(name);
      }
      return super.query({ name, text: config, values }, callback);
    }

    /**
     * Deallocates every statement this connection holds. Queued behind the statements asked
     * before it; pg calls back before it sends the next, so that one is parsed anew.
     */
    #forgetPrepared(): void {
      this.#prepared.clear();
      const connection = (this as unknown as { connection: PgConnection }).connection;
      super.query('DEALLOCATE ALL', (error: Error | null) => {
        // Refused (in a failed transaction, say), the statements are still there and still known.
        if (!error) connection.parsedStatements = {};
      });
    }
  }
  return PreparingClient;
}

/** The part of pg's connection that remembers the statements it prepared. */
interface PgConnection {
  parsedStatements: Record<string, string>;
}
