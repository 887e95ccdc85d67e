import { ApiClient } from '../../api/apiClient';

/** Answers a request from a test: the path (with query) and the parsed JSON body. */
export type FakeHandler = (path: string, body: unknown, method: string) => { status: number; body: unknown };

/** An API client over a handler instead of the network, recording what was asked. */
export function fakeApi(handler: FakeHandler) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const impl = async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    requests.push({ method, path: String(url), body });
    const answer = handler(String(url), body, method);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { api: new ApiClient({ fetch: impl as typeof fetch }), requests };
}
