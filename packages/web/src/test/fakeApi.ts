import { ApiClient } from '../api/apiClient';

/**
 * Answers a request from a test: the path (with query) and the parsed JSON body. A body of bytes
 * is sent as it is (a file answer), with the headers given.
 */
export type FakeHandler = (
  path: string,
  body: unknown,
  method: string,
) => { status: number; body: unknown; headers?: Record<string, string> };

/** An API client over a handler instead of the network, recording what was asked. */
export function fakeApi(handler: FakeHandler) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const impl = async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    requests.push({ method, path: String(url), body });
    const answer = handler(String(url), body, method);
    const content =
      answer.body instanceof Uint8Array
        ? (answer.body as Uint8Array<ArrayBuffer>)
        : JSON.stringify(answer.body);
    return new Response(content, {
      status: answer.status,
      ...(answer.headers ? { headers: answer.headers } : {}),
    });
  };
  return { api: new ApiClient({ fetch: impl as typeof fetch }), requests };
}
