import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A point a test holds some work at: `reached` once it is there, `open` lets it go on. */
export interface Pause {
  reached: Promise<void>;
  open(): void;
}

/**
 * A Kysely plugin that holds one chosen query: once `pause` is asked, the first query whose
 * operation node (as JSON) `matches` runs, and its answer reaches its caller only after `open`, so
 * the caller stands still at a known point (inside its transaction, when it is in one).
 */
export class QueryGate implements KyselyPlugin {
  #matches: ((query: string) => boolean) | undefined;
  #pause: { reached: () => void; opened: Promise<void> } | undefined;
  readonly #held = new WeakMap<object, { reached: () => void; opened: Promise<void> }>();

  pause(matches: (query: string) => boolean): Pause {
    let reached = () => {};
    let open = () => {};
    const reachedAt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.#matches = matches;
    this.#pause = { reached, opened };
    return { reached: reachedAt, open };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#matches && this.#pause && this.#matches(JSON.stringify(args.node))) {
      this.#held.set(args.queryId, this.#pause);
      this.#matches = undefined;
      this.#pause = undefined;
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const pause = this.#held.get(args.queryId);
    if (pause) {
      pause.reached();
      await pause.opened;
    }
    return args.result;
  }
}

/** Asks `done` every 10 ms until it answers true; fails after `timeoutMs`. */
export async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('the awaited state did not come');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
