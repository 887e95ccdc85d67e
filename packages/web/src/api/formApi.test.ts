import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './apiClient';
import { defaultFormCache, fetchDefaultForm } from './formApi';

const form = {
  id: 10_050,
  name: 'Opportunity',
  typeId: 10_001,
  containers: [],
  controls: [
    {
      id: 'amount',
      fieldToRender: 10_020,
      isReversed: false,
      mandatory: true,
      readOnlyControl: false,
      isHidden: false,
      customValidationAlwaysValidate: false,
    },
  ],
};

function fakeServer(answers: Array<{ status?: number; body: unknown }>) {
  const urls: string[] = [];
  const impl = vi.fn(async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return { client: new ApiClient({ fetch: impl as unknown as typeof fetch }), urls };
}

describe('formApi', () => {
  it("asks for a type's default form and answers it parsed", async () => {
    const { client, urls } = fakeServer([{ body: form }]);
    expect(await fetchDefaultForm(client, 'crm:opportunity')).toEqual(form);
    expect(urls).toEqual(['/spapi/data/v1/type/crm%3Aopportunity/defaultForm']);
  });

  it('asks once per type, and again after a failure', async () => {
    const { client, urls } = fakeServer([
      { status: 403, body: { error: { code: 'forbidden', message: 'No.' } } },
      { body: form },
      { body: { ...form, id: null, typeId: 10_002 } },
    ]);
    const defaultForm = defaultFormCache(client);
    await expect(defaultForm(10_001)).rejects.toBeInstanceOf(ApiError);
    expect(await defaultForm(10_001)).toEqual(form);
    expect(await defaultForm(10_001)).toEqual(form);
    expect((await defaultForm(10_002)).id).toBeNull();
    expect(urls).toEqual([
      '/spapi/data/v1/type/10001/defaultForm',
      '/spapi/data/v1/type/10001/defaultForm',
      '/spapi/data/v1/type/10002/defaultForm',
    ]);
  });
});
