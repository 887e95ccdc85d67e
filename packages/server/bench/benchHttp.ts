import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** An answer read to its end: its status, and its body as sent (decoded only when asked). */
export interface BenchAnswer {
  status: number;
  text(): string;
}

/**
 * The HTTP client of the timed scenarios (decision 0146): node:http over kept-alive connections,
 * asking for gzip as `fetch` does and reading each answer to its last byte, without decoding it
 * unless asked. `fetch` itself took about 0.5 ms of CPU a call on this machine, counted in every
 * latency and taken from the two cores the server shares; this client takes about a tenth of that.
 */
export function benchClient(base: string, headers: Record<string, string>) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<BenchAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            ...headers,
            'accept-encoding': 'gzip, deflate',
            ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            resolve({
              status: response.statusCode ?? 0,
              text: () =>
                (encoding === 'gzip'
                  ? gunzipSync(raw)
                  : encoding === 'deflate'
                    ? inflateSync(raw)
                    : raw
                ).toString('utf8'),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    close: () => agent.destroy(),
  };
}
