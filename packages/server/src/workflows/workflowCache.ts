import { parseWorkflowDefinition, type Schema, type WorkflowDefinition } from '@plinth/schema';
import { compileWorkflow } from './compileWorkflow.js';

/** The most definitions kept parsed, and compiled per metamodel version; the oldest goes first. */
const kept = 200;

/** Definitions parsed, by their stored text: the same in every process, for every tenant. */
const parsedDefinitions = new Map<string, WorkflowDefinition>();

/**
 * A workflow's stored definition, parsed (and so checked) once per text: a run's start and every
 * action menu read the same few workflows again and again. Throws as parseWorkflowDefinition does.
 * The answer is shared: callers must not change it.
 */
export function storedDefinition(stored: unknown): WorkflowDefinition {
  if (typeof stored !== 'string') return parseWorkflowDefinition(stored);
  const found = parsedDefinitions.get(stored);
  if (found) return found;
  const definition = parseWorkflowDefinition(stored);
  if (parsedDefinitions.size >= kept) parsedDefinitions.delete(parsedDefinitions.keys().next().value!);
  parsedDefinitions.set(stored, definition);
  return definition;
}

type Compiled = ReturnType<typeof compileWorkflow>;

/** Compiles, by Schema (one metamodel version) and then by the definition's JSON. */
const compiledBySchema = new WeakMap<Schema, Map<string, Compiled>>();

/**
 * compileWorkflow, once per definition and metamodel version: a run compiles its definition when it
 * starts and again in each job that moves it on (decision 0126), against the schema of the moment.
 */
export function compiledWorkflow(schema: Schema, definition: WorkflowDefinition): Compiled {
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    compiled = new Map();
    compiledBySchema.set(schema, compiled);
  }
  const key = JSON.stringify(definition);
  const found = compiled.get(key);
  if (found) return found;
  const result = compileWorkflow(schema, definition);
  if (compiled.size >= kept) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}
