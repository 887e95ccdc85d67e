import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../../api/apiClient';
import { taskApi } from './taskApi';

describe('taskApi', () => {
  it('completes a task through the entity service with the version it was read at', async () => {
    const sent: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = [];
    const client = new ApiClient({
      fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
        sent.push({
          url: String(url),
          method: init?.method ?? 'GET',
          headers: init?.headers as Record<string, string>,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        });
        return sent.length === 1
          ? new Response(JSON.stringify({ id: 31, version: 8 }), { status: 200 })
          : new Response(
              JSON.stringify({ error: { code: 'precondition_failed', message: 'Changed.', details: {} } }),
              { status: 412 },
            );
      }) as typeof fetch,
    });
    expect(await taskApi(client).complete({ id: 31, version: 7 })).toEqual({ id: 31, version: 8 });
    expect(sent[0]).toMatchObject({
      url: '/spapi/data/v1/entity/31',
      method: 'PATCH',
      headers: { 'if-match': '"7"' },
      body: { fields: { userTaskIsComplete: true } },
    });
    const refused = await taskApi(client)
      .complete({ id: 31, version: 7 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(412);
  });
});
