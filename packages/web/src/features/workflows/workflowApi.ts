import {
  type EntityResponse,
  putEntitiesResponse,
  sysType,
  type TypeSchemaResponse,
  typeSchemaResponse,
  type WorkflowDefinition,
} from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';
import { adminApi } from '../admin/public';
import { builderApi } from '../builder/public';

const base = '/spapi/data/v1';

/** A workflow record (decision 0126) as the list and the editor read it. */
export interface WorkflowRecord {
  id: number;
  version: number;
  name: string;
  description: string;
  definitionText: string;
  runnableBy: Array<{ id: number; name: string }>;
  canModify: boolean;
  canDelete: boolean;
}

/** The members a workflow is read with. */
const workflowQuery = 'name, description, workflowDefinition, workflowRunnableBy.name';

const related = z.array(z.object({ id: z.number(), name: z.string().nullable() })).catch([]);

function recordOf(e: EntityResponse): WorkflowRecord {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: e.id,
    version: e.version,
    name: e.name ?? '',
    description: text(e.description),
    definitionText: text(e.workflowDefinition),
    runnableBy: related.parse(e.workflowRunnableBy).map((r) => ({ id: r.id, name: r.name ?? `#${r.id}` })),
    canModify: e.canModify,
    canDelete: e.canDelete,
  };
}

/** What a save writes: the record's members and its definition. */
export interface WorkflowSave {
  name: string;
  description: string;
  runnableBy: number[];
  definition: WorkflowDefinition;
}

/** An Object a workflow may name (an argument's, a created record's). */
export interface ObjectChoice {
  id: number;
  name: string;
  isAbstract: boolean;
  isSystem: boolean;
}

const typeList = z.object({
  types: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      isAbstract: z.boolean().optional(),
      isChoiceType: z.boolean().optional(),
      isSystem: z.boolean().optional(),
    }),
  ),
});

/** A form page a task may open: an app's single-record edit page, with the Object it edits. */
export interface FormPageChoice {
  id: number;
  name: string;
  appName: string;
  contextEntityTypeId: number | null;
}

/**
 * The workflow editor's calls (decision 0130). Workflows are records of `core:workflow`, read and
 * written through the entity service like any other; the server compiles a definition on every
 * write and refuses one that does not compile (validation_failed on `workflowDefinition`), and a
 * write over a version someone saved since (412).
 */
export function workflowApi(client: ApiClient) {
  const admin = adminApi(client);
  const builder = builderApi(client);
  const schemaCache = new Map<number, Promise<TypeSchemaResponse>>();
  return {
    list: async (signal?: AbortSignal): Promise<WorkflowRecord[]> =>
      (
        await client.entitiesOfType(
          { typeId: sysType.workflow, query: workflowQuery, pageSize: 1000 },
          signal,
        )
      ).entities
        .map(recordOf)
        .sort((a, b) => a.name.localeCompare(b.name)),
    read: async (id: number, signal?: AbortSignal): Promise<WorkflowRecord | null> => {
      const [found] = (await client.getEntities({ ids: [id], query: workflowQuery }, signal)).entities;
      return found && found.typeId === sysType.workflow ? recordOf(found) : null;
    },
    /** Creates (no id) or changes a workflow over the version read; answers its id and new version. */
    save: async (id: number | null, version: number | null, save: WorkflowSave) => {
      const key = id ?? 'new:workflow';
      const answer = await client.call('POST', `${base}/entity/put`, putEntitiesResponse, {
        entities: [
          {
            id: key,
            ...(id === null ? { typeId: sysType.workflow } : {}),
            ...(version !== null ? { version } : {}),
            fields: {
              name: save.name.trim(),
              description: save.description.trim() || null,
              workflowDefinition: JSON.stringify(save.definition),
            },
            relationships: { workflowRunnableBy: { set: save.runnableBy } },
          },
        ],
        deleted: [],
      });
      const savedId = id ?? answer.ids['new:workflow'];
      if (savedId === undefined) throw new Error('The server did not say which workflow it created.');
      const savedVersion = answer.versions.find((v) => v.id === savedId)?.version ?? (version ?? 0) + 1;
      return { id: savedId, version: savedVersion };
    },
    remove: (id: number) =>
      client.call('POST', `${base}/entity/put`, putEntitiesResponse, { entities: [], deleted: [id] }),
    /** The roles that may be given a workflow to run. */
    roles: async (signal?: AbortSignal) =>
      (await admin.roles(signal)).roles.map((r) => ({ id: r.id, name: r.name })),
    /** The Objects, by name (choice types hold values, not records a workflow works on). */
    objects: async (signal?: AbortSignal): Promise<ObjectChoice[]> =>
      (await client.call('GET', `${base}/schema/types`, typeList, undefined, signal)).types
        .filter((t) => !t.isChoiceType)
        .map((t) => ({
          id: t.id,
          name: t.name,
          isAbstract: t.isAbstract ?? false,
          isSystem: t.isSystem ?? false,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    /** An Object's fields and relationship ends, read once per editor. */
    typeSchema: (typeId: number): Promise<TypeSchemaResponse> => {
      let p = schemaCache.get(typeId);
      if (!p) {
        p = client.call('GET', `${base}/schema/type/${typeId}`, typeSchemaResponse);
        schemaCache.set(typeId, p);
        p.catch(() => schemaCache.delete(typeId));
      }
      return p;
    },
    /** The single-record edit pages of every app, for a task's form. */
    formPages: async (signal?: AbortSignal): Promise<FormPageChoice[]> => {
      const apps = await builder.apps(signal);
      const settings = await Promise.all(apps.map((a) => builder.app(a.id, signal)));
      return settings
        .flatMap((app) =>
          app.pages
            .filter((p) => p.type === 'singleRecordEdit')
            .map((p) => ({
              id: p.id,
              name: p.name,
              appName: app.settings.name,
              contextEntityTypeId: p.contextEntityTypeId,
            })),
        )
        .sort((a, b) => `${a.appName} ${a.name}`.localeCompare(`${b.appName} ${b.name}`));
    },
  };
}
export type WorkflowApi = ReturnType<typeof workflowApi>;
