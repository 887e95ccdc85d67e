/**
 * @plinth/grid — the report data grid: a headless core (report machine, query state, column
 * model) and a thin React view over TanStack Table and Virtual.
 */
export type * from './types.js';
