import { formServiceMessages } from '@plinth/schema';
import { describe, expect, it, vi } from 'vitest';
import { FormCache, formCacheRefreshMs } from '../features/forms/public';
import { ApiClient, ApiError } from './apiClient';
import {
  defaultFormCache,
  evalCalcFieldsForNew,
  fetchBehaviorCalcDependencies,
  fetchDefaultForm,
  fetchForm,
  fetchFormActions,
  fetchFormData,
  fetchInstanceForm,
  fetchTypeDefaultForm,
  forceRefreshForms,
  runCustomValidation,
  saveRelatedRecords,
  validateFormData,
} from './formApi';

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

interface Sent {
  url: string;
  method: string;
  body: unknown;
  ifNoneMatch: string | null;
}

function fakeServer(answers: Array<{ status?: number; body: unknown }>) {
  const sent: Sent[] = [];
  const impl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      ifNoneMatch: headers.get('if-none-match'),
    });
    const answer = answers.shift() ?? { status: 500, body: null };
    if (answer.status === 304) return new Response(null, { status: 304 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return {
    client: new ApiClient({ fetch: impl as unknown as typeof fetch }),
    sent,
    urls: () => sent.map((s) => s.url),
  };
}

function memoryCache() {
  let now = 5_000_000;
  const cache = new FormCache({ storage: null, now: () => now, log: { warn: vi.fn() } });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('formApi', () => {
  it("asks for a type's default form and answers it parsed", async () => {
    const { client, urls } = fakeServer([{ body: form }]);
    expect(await fetchDefaultForm(client, 'crm:opportunity')).toEqual(form);
    expect(urls()).toEqual(['/spapi/data/v1/type/crm%3Aopportunity/defaultForm']);
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
    expect(urls()).toEqual([
      '/spapi/data/v1/type/10001/defaultForm',
      '/spapi/data/v1/type/10001/defaultForm',
      '/spapi/data/v1/type/10002/defaultForm',
    ]);
  });

  it('reads forms through the cache: fresh copies, then If-None-Match with the change marker', async () => {
    const { client, sent } = fakeServer([
      { body: { ...form, changeMarker: 'f10050.v1.m3' } },
      { status: 304, body: null },
      { body: { ...form, name: 'Renamed', changeMarker: 'f10050.v2.m3' } },
    ]);
    const { cache, advance } = memoryCache();
    expect((await fetchForm(client, 10_050, { cache })).name).toBe('Opportunity');
    expect((await fetchForm(client, 10_050, { cache })).name).toBe('Opportunity');
    expect(sent).toHaveLength(1);
    advance(formCacheRefreshMs);
    expect((await fetchForm(client, 10_050, { cache })).name).toBe('Opportunity');
    expect(sent[1]).toMatchObject({ url: '/spapi/data/v1/form/10050', ifNoneMatch: '"f10050.v1.m3"' });
    advance(formCacheRefreshMs);
    expect((await fetchForm(client, 10_050, { cache })).name).toBe('Renamed');
    expect(sent).toHaveLength(3);
  });

  it('asks design mode, instance and type forms and dependencies at their own paths', async () => {
    const deps = {
      behaviorCalcDependencies: { amount: { fieldIds: [1], relationshipIds: [], controlIds: [] } },
    };
    const { client, urls } = fakeServer([
      { body: { ...form, missingControls: ['gone'] } },
      { body: form },
      { body: { ...form, id: null } },
      { body: deps },
    ]);
    const { cache } = memoryCache();
    expect((await fetchForm(client, 10_050, { designMode: true, cache })).missingControls).toEqual(['gone']);
    await fetchInstanceForm(client, 77, { cache });
    await fetchTypeDefaultForm(client, 10_001, { forceGenerate: true, cache });
    expect(await fetchBehaviorCalcDependencies(client, 10_050, { cache })).toEqual(deps);
    expect(urls()).toEqual([
      '/spapi/data/v1/form/10050?designmode=true',
      '/spapi/data/v1/instance/77',
      '/spapi/data/v1/type/10001/defaultForm?forceGenerate=true',
      '/spapi/data/v1/form/behaviorCalcDependencies/10050',
    ]);
    expect(cache.size('form')).toBe(0);
    expect(cache.size('instance')).toBe(1);
  });

  it('refuses a form without an id, a default form without a type, form data without either', async () => {
    const { client, sent } = fakeServer([]);
    await expect(fetchForm(client, null)).rejects.toThrow(formServiceMessages.formHasNoId);
    await expect(fetchTypeDefaultForm(client, undefined)).rejects.toThrow(
      formServiceMessages.defaultFormHasNoTypeId,
    );
    await expect(fetchFormData(client, {})).rejects.toThrow(formServiceMessages.noEntityOrType);
    expect(sent).toEqual([]);
  });

  it('posts the form data, validation, new-record calculations, custom validation and related records', async () => {
    const entity = {
      id: 0,
      typeId: 1,
      alias: null,
      name: null,
      version: 0,
      canModify: true,
      canDelete: false,
    };
    const { client, sent } = fakeServer([
      {
        body: {
          formDataEntity: entity,
          formId: null,
          initiallyHiddenControls: [],
          initiallyReadOnlyControls: ['x'],
        },
      },
      { body: { isValid: true, errors: {} } },
      { body: { formDataEntity: { ...entity, doubled: 4 }, failed: {} } },
      { body: { errors: { box: ['No.'] } } },
      { body: { versions: { '5': 2 } } },
    ]);
    expect((await fetchFormData(client, { typeId: 1 })).initiallyReadOnlyControls).toEqual(['x']);
    expect((await validateFormData(client, { formData: { typeId: 1 } })).isValid).toBe(true);
    expect(
      (await evalCalcFieldsForNew(client, { typeId: 1, fields: { amount: 2 } })).formDataEntity.doubled,
    ).toBe(4);
    expect(
      (await runCustomValidation(client, { pageId: 9, contextEntityData: { typeId: 1 } })).errors,
    ).toEqual({ box: ['No.'] });
    expect(
      (await saveRelatedRecords(client, { entityId: 5, relationshipId: 7, relatedEntityIds: [6] })).versions,
    ).toEqual({ '5': 2 });
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/spapi/data/v1/form/data'],
      ['POST', '/spapi/data/v1/form/validate'],
      ['POST', '/spapi/data/v1/form/evalCalcFieldsForNew'],
      ['POST', '/spapi/data/v1/appManagement/runCustomValidation'],
      ['POST', '/spapi/data/v1/form/relatedRecords'],
    ]);
    expect(sent[3]!.body).toMatchObject({ excludedComponents: [], params: [], isBuildMode: false });
    expect(sent[4]!.body).toMatchObject({ relationshipIsReverse: false, relationshipFilters: [] });
  });

  it("force refresh drops this browser's copies of the forms first", async () => {
    const { client, sent } = fakeServer([
      { body: { ...form, changeMarker: 'a' } },
      { body: { ...form, changeMarker: 'b' } },
      { body: { changeMarkers: { '10050': 'f10050.v3.m3' } } },
    ]);
    const { cache } = memoryCache();
    await fetchForm(client, 10_050, { cache });
    await fetchTypeDefaultForm(client, 10_001, { cache });
    cache.put('form', '99', { ...form, id: 99 }, 'c');
    expect(await forceRefreshForms(client, [10_050], cache)).toEqual({ '10050': 'f10050.v3.m3' });
    expect(cache.size('form')).toBe(1);
    expect(cache.size('typeForm')).toBe(0);
    expect(sent[2]).toMatchObject({
      method: 'POST',
      url: '/spapi/data/v1/form/forcerefresh',
      body: [10_050],
    });
  });

  it('discards a form actions answer the caller no longer wants', async () => {
    const data = {
      actions: [],
      showNewMenu: false,
      showExportMenu: false,
      showEditInlineButton: false,
      showEditInlineMenu: false,
      showFormPanelButton: false,
      showFormPanelMenu: false,
    };
    const { client, sent } = fakeServer([{ body: { data } }, { body: { data } }]);
    expect(await fetchFormActions(client, { entityTypeId: 1, ids: [2] })).toEqual(data);
    expect(
      await fetchFormActions(client, { entityTypeId: 1, ids: [3] }, { isCurrent: () => false }),
    ).toBeUndefined();
    expect(sent[0]).toMatchObject({
      url: '/spapi/data/v1/actions/formActions',
      body: { entityTypeId: 1, ids: [2] },
    });
  });
});
