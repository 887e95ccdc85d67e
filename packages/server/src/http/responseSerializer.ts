import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { preparedJson } from './preparedJson.js';

type SerializerCompiler = Parameters<typeof serializerCompiler>[0];

/**
 * How answers are written (decision 0055). In production, as `JSON.stringify` writes what the
 * route answered: checking every answer against its zod contract cost more than all the rest of
 * writing it. With `validate` (the tests), every answer is first checked against its contract as
 * fastify-type-provider-zod does, and must also be exactly what the contract lets through: an
 * answer holding a member its contract would drop fails, so what tests see is byte for byte what
 * production sends, and a route's drift from its contract fails a test instead of reaching users.
 * An answer whose JSON was written ahead (`withPreparedJson`) is sent as written, and must be
 * what `JSON.stringify` writes.
 */
export function responseSerializer(options: { validate: boolean }): typeof serializerCompiler {
  if (!options.validate) return () => (data) => preparedJson(data) ?? JSON.stringify(data);
  return (route: SerializerCompiler) => {
    const checked = serializerCompiler(route);
    return (data) => {
      const contract = checked(data);
      const sent = JSON.stringify(data);
      const prepared = preparedJson(data);
      if (prepared !== undefined && prepared !== sent)
        throw new Error(
          `The JSON prepared for ${route.method} ${route.url} is not its answer's: ${prepared.slice(0, 500)}`,
        );
      if (!isDeepStrictEqual(JSON.parse(contract), JSON.parse(sent)))
        throw new Error(
          `The answer of ${route.method} ${route.url} holds more than its contract lets through: ${sent.slice(0, 500)}`,
        );
      return sent;
    };
  };
}

/** Whether answers are checked against their contracts unless told: under a test runner. */
export function validatesResponsesByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'test' || env.VITEST !== undefined;
}
