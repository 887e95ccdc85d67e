/**
 * @plinth/grid — the report data grid: a headless core (report machine, query state, column
 * model) and a thin React view over TanStack Table and Virtual.
 */

export * from './react/documents/public.js';
export type * from './types.js';
