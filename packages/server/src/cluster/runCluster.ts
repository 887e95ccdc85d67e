import cluster, { type Worker } from 'node:cluster';

/** How the primary process of `PLINTH_WORKERS` reports what happens. */
export interface ClusterLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs `workers` server processes sharing one port (decision 0052), from the primary process of
 * Node's cluster module: each worker runs the whole server on the shared PostgreSQL database and
 * the primary hands incoming connections to them in turn. A worker that dies after it started
 * listening is replaced; one that dies before (a bad setting, an unreachable database) stops them
 * all, so a mistake is not retried forever. SIGINT and SIGTERM stop the workers, each finishing the
 * requests it has, then the primary.
 *
 * Answers once every worker is listening, with the port they share.
 */
export function runCluster(workers: number, log: ClusterLog): Promise<number> {
  let stopping = false;
  const started = new Set<Worker>();
  let startedCount = 0;
  return new Promise((resolve, reject) => {
    const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'stopping the workers');
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      if (alive.length === 0) process.exit(exitCode);
      let left = alive.length;
      for (const worker of alive) {
        worker.once('exit', () => {
          if (--left === 0) process.exit(exitCode);
        });
        worker.process.kill(signal);
      }
    };
    process.on('SIGINT', () => stopAll('SIGINT', 0));
    process.on('SIGTERM', () => stopAll('SIGTERM', 0));

    cluster.on('listening', (worker, address) => {
      if (started.has(worker)) return;
      started.add(worker);
      startedCount++;
      log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker listening');
      if (startedCount === workers) resolve(address.port);
    });
    cluster.on('exit', (worker, code, signal) => {
      const wasListening = started.delete(worker);
      if (stopping) return;
      if (!wasListening) {
        const error = new Error(
          `A worker process ended before it could serve (exit code ${code ?? signal}).`,
        );
        log.error({ worker: worker.id, code, signal }, error.message);
        reject(error);
        stopAll('SIGTERM', 1);
        return;
      }
      log.error({ worker: worker.id, code, signal }, 'worker ended; starting another');
      cluster.fork();
    });
    for (let i = 0; i < workers; i++) cluster.fork();
  });
}
