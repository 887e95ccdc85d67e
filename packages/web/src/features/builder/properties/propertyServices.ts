import { type CalcEditorApi, createCalcEditorApi } from '@plinth/expression-editor';
import { entitiesOfTypeResponse, reportRunResponse } from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../../api/apiClient';

/** An Object or a report as a choice list shows it. */
export interface PropertyChoice {
  id: number;
  name: string;
}

/**
 * The reports a report, chart or hero counter can show: chosen by their Object first, from the
 * same calls the schema editor's relationship ends use for their display and picker reports.
 */
export interface ReportChoices {
  types(signal?: AbortSignal): Promise<PropertyChoice[]>;
  reportsOf(typeId: number, signal?: AbortSignal): Promise<PropertyChoice[]>;
  /** A report's columns, in its order, by their column ids (a chart's category, a value column). */
  columnsOf(reportId: number, signal?: AbortSignal): Promise<ColumnChoice[]>;
}

/** A report column as a choice list shows it. */
export interface ColumnChoice {
  id: string;
  name: string;
}

/** The workflows a page button can run. */
export interface WorkflowChoices {
  list(signal?: AbortSignal): Promise<PropertyChoice[]>;
}

/** What the property panel calls: the expression editor's calls and the report and workflow choices. */
export interface PropertyServices {
  calcApi: CalcEditorApi;
  reports: ReportChoices;
  workflows?: WorkflowChoices;
}

export function workflowChoicesApi(client: Pick<ApiClient, 'call'>): WorkflowChoices {
  return {
    list: async (signal) =>
      (
        await client.call(
          'POST',
          '/spapi/data/v1/entity/ofType',
          entitiesOfTypeResponse,
          { typeId: 'core:workflow', query: 'name', pageSize: 1000 },
          signal,
        )
      ).entities
        .map((e) => ({ id: e.id, name: e.name ?? `Workflow ${e.id}` }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const choice = z.object({ id: z.number(), name: z.string() });
const typeChoice = choice.extend({
  isAbstract: z.boolean().optional(),
  isChoiceType: z.boolean().optional(),
});

export function reportChoicesApi(client: Pick<ApiClient, 'call'>): ReportChoices {
  return {
    types: async (signal) =>
      (
        await client.call(
          'GET',
          '/spapi/data/v1/schema/types',
          z.object({ types: z.array(typeChoice) }),
          undefined,
          signal,
        )
      ).types
        .filter((t) => !t.isChoiceType)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    reportsOf: async (typeId, signal) =>
      (
        await client.call(
          'GET',
          `/spapi/data/v1/schema/type/${typeId}/reports`,
          z.object({ reports: z.array(choice) }),
          undefined,
          signal,
        )
      ).reports,
    columnsOf: async (reportId, signal) => {
      // The report's columns come with its metadata: no rows are asked for.
      const run = await client.call(
        'POST',
        `/spapi/data/v1/report/${reportId}`,
        reportRunResponse,
        { pageSize: 0, metadata: 'colbasic' },
        signal,
      );
      return Object.entries(run.meta?.rcols ?? {})
        .sort(([, a], [, b]) => a.ord - b.ord)
        .map(([id, column]) => ({ id, name: column.title }));
    },
  };
}

/** The panel's services over the signed-in session's client. */
export function propertyServices(client: ApiClient): PropertyServices {
  return {
    calcApi: createCalcEditorApi((method, path, body, signal) =>
      client.call(method, path, z.unknown(), body, signal),
    ),
    reports: reportChoicesApi(client),
    workflows: workflowChoicesApi(client),
  };
}
