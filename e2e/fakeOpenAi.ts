import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The port a journey starts the fake on: the e2e server is started with
 * `AI_BASE_URL=http://127.0.0.1:$PLINTH_E2E_AI_PORT/v1 AI_MODEL=e2e-fake` (.ci/run does).
 */
export const e2eAiPort = Number(process.env.PLINTH_E2E_AI_PORT ?? 3112);

/**
 * One scripted answer: a chat message's content (after `delayMs`, as a slow model), or a failure
 * with this HTTP status.
 */
export type FakeAnswer = { content: string; delayMs?: number } | { status: number };

/** A request the fake received: its path, its Authorization header and its JSON body. */
export interface FakeRequest {
  url: string;
  auth: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  /** The caller hung up before the answer was sent. */
  abandoned: boolean;
}

export interface FakeOpenAi {
  /** The base URL to give Plinth as AI_BASE_URL, e.g. `http://127.0.0.1:3324/v1`. */
  baseUrl: string;
  port: number;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  /** Answers still to give, in order; when none are left the fake answers 500. */
  answers: FakeAnswer[];
  close(): Promise<void>;
}

/**
 * A small OpenAI-compatible chat completions server on loopback, answering from a script: a real
 * HTTP server for the server's tests and the editor's journeys, not a mock of the client.
 *
 * Point Plinth at it with `AI_BASE_URL=<baseUrl> AI_MODEL=<any name>` (and optionally
 * `AI_API_KEY`), or in a test with `buildApp(services, { ai: { aiBaseUrl, aiModel } })`. Plinth
 * only calls it when AI Generate runs, so a journey may start it after the server, on the port
 * that AI_BASE_URL names.
 *
 * @example
 * const ai = await startFakeOpenAi({ answers: [{ content: '[Qty] *' }, { content: '[Qty] * 2' }] });
 * // … AI Generate asks twice: the first answer does not compile, the second does …
 * await ai.close();
 */
export async function startFakeOpenAi(
  options: { port?: number; answers?: FakeAnswer[] } = {},
): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  const answers: FakeAnswer[] = [...(options.answers ?? [])];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: FakeRequest['body'] = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        body = {};
      }
      const received: FakeRequest = {
        url: req.url ?? '',
        auth: req.headers.authorization,
        body,
        abandoned: false,
      };
      requests.push(received);
      res.once('close', () => {
        if (!res.writableFinished) received.abandoned = true;
      });
      const send = (status: number, json: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        send(404, { error: { message: `No route ${req.method} ${req.url}` } });
        return;
      }
      const next = answers.shift() ?? { status: 500 };
      if ('status' in next) {
        send(next.status, { error: { message: 'scripted failure' } });
        return;
      }
      const answer = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model: body.model ?? 'fake',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content } }],
      };
      if (next.delayMs) setTimeout(() => send(200, answer), next.delayMs);
      else send(200, answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
