/**
 * @plinth/grid — the report data grid: a headless core (report machine, query state, column
 * model) and a thin React view over TanStack Table and Virtual.
 */

export * from './columns/public.js';
export * from './deleteFlow/public.js';
export * from './filters/public.js';
export * from './machine/public.js';
export * from './query/public.js';
export * from './react/public.js';
export * from './react/toolbar/public.js';
export * from './sorting/public.js';
export type * from './types.js';
