import { Session } from 'node:inspector';
import type { FastifyInstance } from 'fastify';

/** How long after the last answer the server counts as idle. */
const QUIET_MS = 2000;
/** How much the process must have grown since the last collection for another to be worth it. */
const GROWN_BYTES = 16 * 1024 * 1024;
/** How often the server looks whether it went idle. */
const LOOK_EVERY_MS = 1000;

/**
 * A full collection of V8's heap that also gives its emptied pages back to the system, as a heap
 * snapshot's does: V8's own idle collection (its memory reducer) waits for a quiet allocation rate
 * that a server running its upkeep may not reach for minutes (decision 0153).
 */
export async function collectHeap(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) =>
      session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    session.disconnect();
  }
}

export interface IdleCollectorOptions {
  now?: () => number;
  /** The process's resident memory in bytes. */
  rss?: () => number;
  collect?: () => Promise<void>;
}

/**
 * Decides when to collect: once the server has answered nothing for {@link QUIET_MS} after
 * answering, if the process grew by {@link GROWN_BYTES} since it last collected. `answered` is
 * called at every answer, `look` now and then.
 */
export function idleCollector(options: IdleCollectorOptions = {}) {
  const now = options.now ?? (() => performance.now());
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const collect = options.collect ?? collectHeap;
  let lastAnswer = Number.NEGATIVE_INFINITY;
  let answeredSince = false;
  let collecting = false;
  let failed = false;
  let after = rss();
  return {
    answered(): void {
      lastAnswer = now();
      answeredSince = true;
    },
    /** Collects if it is time to; answers whether it did. */
    async look(): Promise<boolean> {
      if (failed || collecting || !answeredSince || now() - lastAnswer < QUIET_MS) return false;
      answeredSince = false;
      if (rss() - after < GROWN_BYTES) return false;
      collecting = true;
      try {
        await collect();
        return true;
      } catch (error) {
        failed = true;
        process.emitWarning(`The heap could not be collected when idle: ${String(error)}`);
        return false;
      } finally {
        collecting = false;
        after = rss();
      }
    },
  };
}

/**
 * Gives back the memory a burst of requests grew the heap by, once the requests stop: a full
 * collection of some 30–80 ms, only after two seconds without an answer (decision 0153).
 */
export function collectWhenIdle(app: FastifyInstance): void {
  const collector = idleCollector();
  app.addHook('onResponse', (_request, _reply, done) => {
    collector.answered();
    done();
  });
  const timer = setInterval(() => void collector.look(), LOOK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
