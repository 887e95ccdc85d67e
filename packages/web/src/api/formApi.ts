import {
  type BehaviorCalcDependenciesResponse,
  behaviorCalcDependenciesResponse,
  type EvalCalcFieldsForNewResponse,
  evalCalcFieldsForNewRequest,
  evalCalcFieldsForNewResponse,
  type FormDataResponse,
  type FormResponse,
  type FormValidateResponse,
  formDataRequest,
  formDataResponse,
  formForceRefreshRequest,
  formForceRefreshResponse,
  formResponse,
  formServiceMessages,
  formValidateRequest,
  formValidateResponse,
  type IdOrAlias,
  type QuickMenuResponse,
  quickMenuRequest,
  quickMenuResponse,
  type RelatedRecordsSaveResponse,
  type RunCustomValidationResponse,
  relatedRecordsSaveRequest,
  relatedRecordsSaveResponse,
  runCustomValidationRequest,
  runCustomValidationResponse,
} from '@plinth/schema';
import type { z } from 'zod';
// The cache itself, not the forms feature's public face: the record forms call these functions.
import type { FormCache } from '../features/forms/formCache/formCache';
import { type ConditionalAnswer, loadThroughCache } from '../features/forms/formCache/loadThroughCache';
import type { ApiClient } from './apiClient';

const base = '/spapi/data/v1';
const seg = (ref: IdOrAlias) => encodeURIComponent(String(ref));

/** Options of the cached reads: the browser's form cache (none: always ask the server). */
export interface CachedReadOptions {
  cache?: FormCache | undefined;
  signal?: AbortSignal | undefined;
}

/** A GET that sends the cached copy's change marker; 304 says the copy still holds. */
async function conditionalGet<T extends { changeMarker?: string | undefined }>(
  client: ApiClient,
  path: string,
  answer: z.ZodType<T>,
  marker: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ConditionalAnswer<T>> {
  let unchanged = false;
  const value = await client.call(
    'GET',
    path,
    answer,
    undefined,
    signal,
    marker === undefined
      ? undefined
      : {
          ifNoneMatch: `"${marker}"`,
          notModified: () => {
            unchanged = true;
            return undefined as unknown as T;
          },
        },
  );
  return unchanged
    ? { notModified: true }
    : { notModified: false, value, marker: value.changeMarker ?? null };
}

function cachedGet<T extends { changeMarker?: string | undefined }>(
  client: ApiClient,
  kind: Parameters<FormCache['get']>[0],
  key: string,
  path: string,
  answer: z.ZodType<T>,
  options: CachedReadOptions,
): Promise<T> {
  const read = (marker: string | undefined) => conditionalGet(client, path, answer, marker, options.signal);
  if (!options.cache)
    return read(undefined).then((a) => {
      if (a.notModified) throw new Error('The server confirmed a copy that was not sent.');
      return a.value;
    });
  return loadThroughCache(options.cache, kind, key, read);
}

const missing = (ref: IdOrAlias | null | undefined) => ref === undefined || ref === null || ref === '';

/**
 * A stored form (GET form/{idOrAlias}). In design mode (the builder's) it is always asked of the
 * server, with the controls the type has lost; otherwise it comes through the form cache.
 */
export function fetchForm(
  client: ApiClient,
  formId: IdOrAlias | null | undefined,
  options: CachedReadOptions & { designMode?: boolean } = {},
): Promise<FormResponse> {
  if (missing(formId)) return Promise.reject(new Error(formServiceMessages.formHasNoId));
  const path = `${base}/form/${seg(formId!)}`;
  if (options.designMode)
    return client.call('GET', `${path}?designmode=true`, formResponse, undefined, options.signal);
  return cachedGet(client, 'form', String(formId), path, formResponse, options);
}

/** The form a record is shown with (GET instance/{idOrAlias}); forceGenerate: the generated one. */
export function fetchInstanceForm(
  client: ApiClient,
  entityId: IdOrAlias,
  options: CachedReadOptions & { forceGenerate?: boolean } = {},
): Promise<FormResponse> {
  const query = options.forceGenerate ? '?forceGenerate=true' : '';
  const key = `${entityId}${options.forceGenerate ? ':generated' : ''}`;
  return cachedGet(
    client,
    'instance',
    key,
    `${base}/instance/${seg(entityId)}${query}`,
    formResponse,
    options,
  );
}

/**
 * A type's default edit form (GET type/{idOrAlias}/defaultForm): the form set on the type, or the
 * one the server generates from its fields and relationships (forceGenerate: always that one).
 */
export function fetchTypeDefaultForm(
  client: ApiClient,
  typeId: IdOrAlias | null | undefined,
  options: CachedReadOptions & { forceGenerate?: boolean } = {},
): Promise<FormResponse> {
  if (missing(typeId)) return Promise.reject(new Error(formServiceMessages.defaultFormHasNoTypeId));
  const query = options.forceGenerate ? '?forceGenerate=true' : '';
  const key = `${typeId}${options.forceGenerate ? ':generated' : ''}`;
  const path = `${base}/type/${seg(typeId!)}/defaultForm${query}`;
  return cachedGet(client, 'typeForm', key, path, formResponse, options);
}

/** A type's default edit form, always asked of the server (the report's inline edit). */
export function fetchDefaultForm(
  client: ApiClient,
  typeId: IdOrAlias,
  signal?: AbortSignal,
): Promise<FormResponse> {
  return fetchTypeDefaultForm(client, typeId, { signal });
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

/** What each control's behaviour calculations read (GET form/behaviorCalcDependencies/{id}). */
export function fetchBehaviorCalcDependencies(
  client: ApiClient,
  formId: IdOrAlias,
  options: CachedReadOptions = {},
): Promise<BehaviorCalcDependenciesResponse> {
  const path = `${base}/form/behaviorCalcDependencies/${seg(formId)}`;
  return cachedGet(
    client,
    'calcDependencies',
    String(formId),
    path,
    behaviorCalcDependenciesResponse,
    options,
  );
}

/** The record a form shows and its initially hidden and read-only controls (POST form/data). */
export function fetchFormData(
  client: ApiClient,
  request: z.input<typeof formDataRequest>,
  signal?: AbortSignal,
): Promise<FormDataResponse> {
  if (request.entityId === undefined && request.typeId === undefined)
    return Promise.reject(new Error(formServiceMessages.noEntityOrType));
  return client.call('POST', `${base}/form/data`, formDataResponse, formDataRequest.parse(request), signal);
}

/** Checks a record as changed on a form (POST form/validate). */
export function validateFormData(
  client: ApiClient,
  request: z.input<typeof formValidateRequest>,
  signal?: AbortSignal,
): Promise<FormValidateResponse> {
  return client.call(
    'POST',
    `${base}/form/validate`,
    formValidateResponse,
    formValidateRequest.parse(request),
    signal,
  );
}

/** The calculated fields of a new unsaved record (POST form/evalCalcFieldsForNew). */
export function evalCalcFieldsForNew(
  client: ApiClient,
  request: z.input<typeof evalCalcFieldsForNewRequest>,
  signal?: AbortSignal,
): Promise<EvalCalcFieldsForNewResponse> {
  return client.call(
    'POST',
    `${base}/form/evalCalcFieldsForNew`,
    evalCalcFieldsForNewResponse,
    evalCalcFieldsForNewRequest.parse(request),
    signal,
  );
}

/**
 * Makes every cached copy of these forms out of date (POST form/forcerefresh), this browser's
 * first: its copies of the forms, and the instance and type forms that are these forms.
 */
export async function forceRefreshForms(
  client: ApiClient,
  formIds: readonly IdOrAlias[],
  cache?: FormCache,
): Promise<Record<string, string>> {
  const keys = new Set(formIds.map(String));
  cache?.dropWhere(
    (kind, key, value) =>
      ((kind === 'form' || kind === 'calcDependencies') && keys.has(key)) ||
      ((kind === 'instance' || kind === 'typeForm') &&
        keys.has(String((value as { id?: unknown } | null)?.id ?? ''))),
  );
  const answer = await client.call(
    'POST',
    `${base}/form/forcerefresh`,
    formForceRefreshResponse,
    formForceRefreshRequest.parse(formIds),
  );
  return answer.changeMarkers;
}

/** A page's custom validations on its record (POST appManagement/runCustomValidation). */
export function runCustomValidation(
  client: ApiClient,
  request: z.input<typeof runCustomValidationRequest>,
  signal?: AbortSignal,
): Promise<RunCustomValidationResponse> {
  return client.call(
    'POST',
    `${base}/appManagement/runCustomValidation`,
    runCustomValidationResponse,
    runCustomValidationRequest.parse(request),
    signal,
  );
}

/**
 * A form's actions (POST actions/formActions). An answer that arrives when the caller says it is
 * no longer current (another record selected meanwhile) is discarded: undefined.
 */
export async function fetchFormActions(
  client: ApiClient,
  request: z.input<typeof quickMenuRequest>,
  options: { signal?: AbortSignal; isCurrent?: () => boolean } = {},
): Promise<QuickMenuResponse['data'] | undefined> {
  const answer = await client.call(
    'POST',
    `${base}/actions/formActions`,
    quickMenuResponse,
    quickMenuRequest.parse(request),
    options.signal,
  );
  return options.isCurrent && !options.isCurrent() ? undefined : answer.data;
}

/** Relates records through a relationship control, with its filters (POST form/relatedRecords). */
export function saveRelatedRecords(
  client: ApiClient,
  request: z.input<typeof relatedRecordsSaveRequest>,
  signal?: AbortSignal,
): Promise<RelatedRecordsSaveResponse> {
  return client.call(
    'POST',
    `${base}/form/relatedRecords`,
    relatedRecordsSaveResponse,
    relatedRecordsSaveRequest.parse(request),
    signal,
  );
}
