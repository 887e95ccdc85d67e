import { fromPromise } from 'xstate';

/** An actor the host has not provided: it fails, and the machine treats that as the call failing. */
export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The report machine's '${name}' actor is not provided.`);
  });
}
