import { type FormResponse, formResponse, type IdOrAlias } from '@plinth/schema';
import type { ApiClient } from './apiClient';

/**
 * A type's default edit form (spec 03 §7 GET type/{idOrAlias}/defaultForm): the form set on the
 * type, or the one the server generates from its fields and relationships.
 */
export function fetchDefaultForm(
  client: ApiClient,
  typeId: IdOrAlias,
  signal?: AbortSignal,
): Promise<FormResponse> {
  return client.call(
    'GET',
    `/spapi/data/v1/type/${encodeURIComponent(String(typeId))}/defaultForm`,
    formResponse,
    undefined,
    signal,
  );
}

/**
 * Default forms by type, each asked of the server once for the cache's life (a report machine's):
 * a failed or cancelled call is not kept, so the next one asks again.
 */
export function defaultFormCache(client: ApiClient) {
  const forms = new Map<string, FormResponse>();
  return async (typeId: IdOrAlias, signal?: AbortSignal): Promise<FormResponse> => {
    const key = String(typeId);
    const known = forms.get(key);
    if (known) return known;
    const form = await fetchDefaultForm(client, typeId, signal);
    forms.set(key, form);
    return form;
  };
}
