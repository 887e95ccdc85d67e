import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** What the flood is told: the public report's address on loopback, how many connections, how long. */
export interface FloodOrders {
  url: string;
  connections: number;
  seconds: number;
  /** Above 1: each connection says it comes from one of this many addresses (X-Forwarded-For). */
  addresses: number;
}

/** What the flood saw: answers by status, their times, and the 429s' Retry-After. */
export interface FloodReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Requests that got no answer (refused, reset, timed out on the client). */
  failed: number;
  firstError?: string;
  ms200: number[];
  ms429: number[];
  msOther: number[];
  retryAfterPresent: number;
  retryAfterMissing: number;
  retryAfterMin: number | null;
  retryAfterMax: number | null;
  seconds: number;
  /** The flood's own CPU seconds per second: the client's share of the machine. */
  cpuShare: number;
}

/** Each connection's calls are bounded in number as well as in time. */
const MAX_CALLS_PER_CONNECTION = 200_000;
/** A call not answered in this long is counted as failed: that is the stall the bench looks for. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * The anonymous flood, in a process of its own so its client work does not delay the signed-in
 * users' timings: `connections` loops each call the public report one after another, as fast as it
 * answers, until `seconds` have passed. Only the loopback address is ever called.
 */
async function flood(orders: FloodOrders): Promise<FloodReport> {
  const url = new URL(orders.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`the flood calls 127.0.0.1 only, not ${url.hostname}`);
  const report: FloodReport = {
    requests: 0,
    byStatus: {},
    failed: 0,
    ms200: [],
    ms429: [],
    msOther: [],
    retryAfterPresent: 0,
    retryAfterMissing: 0,
    retryAfterMin: null,
    retryAfterMax: null,
    seconds: 0,
    cpuShare: 0,
  };
  // Node's own HTTP client, lighter than fetch: the flood should cost the shared machine little.
  const agent = new http.Agent({ keepAlive: true, maxSockets: orders.connections });
  const post = (headers: http.OutgoingHttpHeaders) =>
    new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', agent, headers },
        (res) => {
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers['retry-after'] as string | undefined,
            }),
          );
          res.resume();
        },
      );
      req.setTimeout(CALL_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${CALL_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + orders.seconds * 1000;
  const body = JSON.stringify({ startIndex: 0, pageSize: 50 });
  await Promise.all(
    Array.from({ length: orders.connections }, async (_, c) => {
      // Documentation addresses (RFC 5737), only ever as a header value: the call goes to 127.0.0.1.
      const from = orders.addresses > 1 ? `198.51.100.${(c % orders.addresses) + 1}` : undefined;
      const headers: http.OutgoingHttpHeaders = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(from ? { 'x-forwarded-for': from } : {}),
      };
      for (let i = 0; i < MAX_CALLS_PER_CONNECTION && performance.now() < end; i++) {
        const t = performance.now();
        try {
          const res = await post(headers);
          const ms = performance.now() - t;
          report.requests++;
          report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
          if (res.status === 200) report.ms200.push(ms);
          else if (res.status === 429) {
            report.ms429.push(ms);
            const retryAfter = Number(res.retryAfter);
            if (res.retryAfter !== undefined && Number.isFinite(retryAfter)) {
              report.retryAfterPresent++;
              report.retryAfterMin = Math.min(report.retryAfterMin ?? retryAfter, retryAfter);
              report.retryAfterMax = Math.max(report.retryAfterMax ?? retryAfter, retryAfter);
            } else report.retryAfterMissing++;
          } else report.msOther.push(ms);
        } catch (e) {
          report.requests++;
          report.failed++;
          report.firstError ??= String(e);
        }
      }
    }),
  );
  report.seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  report.cpuShare = Number(((used.user + used.system) / 1e6 / report.seconds).toFixed(2));
  agent.destroy();
  return report;
}

// Run as a child process (publicLoad.ts forks it): it says it is ready, the orders come in one
// message, the report goes back.
process.once('disconnect', () => process.exit(1));
process.send?.({ ready: true });
process.once('message', (orders: FloodOrders) => {
  flood(orders).then(
    (report) => process.send?.({ report }, () => process.exit(0)),
    (e: unknown) => process.send?.({ error: String(e) }, () => process.exit(1)),
  );
});
