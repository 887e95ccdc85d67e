import {
  type EntityChange,
  putEntitiesResponse,
  sysType,
  type TypeSchemaResponse,
  typeSchemaResponse,
} from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';

const base = '/spapi/data/v1';

/** An Object (type) as the schema editor lists it (decision 0095). */
export const schemaTypeSummary = z.object({
  id: z.number(),
  alias: z.string().nullable(),
  name: z.string(),
  scriptName: z.string(),
  description: z.string().nullable(),
  inheritsId: z.number().nullable(),
  isAbstract: z.boolean(),
  isChoiceType: z.boolean(),
  isSystem: z.boolean(),
  /** The Object's icon: an image document's id (decision 0100). */
  iconImageId: z.number().nullable().optional(),
});
export type SchemaTypeSummary = z.infer<typeof schemaTypeSummary>;

const use = z.object({ id: z.number(), name: z.string() });
/** What uses an Object and how many records go with it (decision 0095). */
export const typeUsage = z.object({
  forms: z.array(use),
  pages: z.array(use),
  reports: z.array(use),
  relationships: z.array(use),
  derivedTypes: z.array(use),
  recordCount: z.number(),
});
export type TypeUsage = z.infer<typeof typeUsage>;

/** What uses a relationship and how many links go with it (decision 0100). */
export const relationshipUsage = z.object({
  forms: z.array(use),
  pages: z.array(use),
  reports: z.array(use),
  linkCount: z.number(),
});
export type RelationshipUsage = z.infer<typeof relationshipUsage>;

/** A report as a relationship end's display and picker choices list it. */
export type ReportChoice = z.infer<typeof use>;

/** What uses a field and how many records hold a value of it (decision 0107). */
export const fieldUsage = z.object({
  forms: z.array(use),
  pages: z.array(use),
  reports: z.array(use),
  calculations: z.array(use),
  valueCount: z.number(),
});
export type FieldUsage = z.infer<typeof fieldUsage>;

/** What a proposed change of a field would make of the values stored now (decision 0107). */
export const fieldImpact = z.object({
  valueCount: z.number(),
  broken: z.object({ count: z.number(), examples: z.array(z.string()) }),
  missing: z.number(),
  typeChanged: z.boolean(),
});
export type FieldImpact = z.infer<typeof fieldImpact>;

export interface FieldGroup {
  id: number;
  name: string;
}

/** The schema editor's calls: the Objects, one Object's schema, and writes through the entity put. */
export function schemaApi(client: ApiClient) {
  const segment = (id: number | string) => encodeURIComponent(String(id));
  return {
    types: async (signal?: AbortSignal): Promise<SchemaTypeSummary[]> =>
      (
        await client.call(
          'GET',
          `${base}/schema/types`,
          z.object({ types: z.array(schemaTypeSummary) }),
          undefined,
          signal,
        )
      ).types,
    type: (id: number, signal?: AbortSignal): Promise<TypeSchemaResponse> =>
      client.call('GET', `${base}/schema/type/${segment(id)}`, typeSchemaResponse, undefined, signal),
    usage: (id: number, signal?: AbortSignal): Promise<TypeUsage> =>
      client.call('GET', `${base}/schema/type/${segment(id)}/usage`, typeUsage, undefined, signal),
    /** Makes a saved report of the Object's records, named after it (decision 0111). */
    createReport: (typeId: number): Promise<ReportChoice> =>
      client.call('POST', `${base}/schema/type/${segment(typeId)}/report`, use, {}),
    deleteType: (id: number, recordCount: number) =>
      client.call('POST', `${base}/schema/type/${segment(id)}/delete`, z.unknown(), { recordCount }),
    relationshipUsage: (id: number, signal?: AbortSignal): Promise<RelationshipUsage> =>
      client.call(
        'GET',
        `${base}/schema/relationship/${segment(id)}/usage`,
        relationshipUsage,
        undefined,
        signal,
      ),
    deleteRelationship: (id: number, linkCount: number) =>
      client.call('POST', `${base}/schema/relationship/${segment(id)}/delete`, z.unknown(), { linkCount }),
    /** The reports listing an Object's records, for a relationship end's display and picker report. */
    reportsOf: async (typeId: number, signal?: AbortSignal): Promise<ReportChoice[]> =>
      (
        await client.call(
          'GET',
          `${base}/schema/type/${segment(typeId)}/reports`,
          z.object({ reports: z.array(use) }),
          undefined,
          signal,
        )
      ).reports,
    fieldUsage: (id: number, signal?: AbortSignal): Promise<FieldUsage> =>
      client.call('GET', `${base}/schema/field/${segment(id)}/usage`, fieldUsage, undefined, signal),
    fieldImpact: (id: number, fields: Record<string, unknown>): Promise<FieldImpact> =>
      client.call('POST', `${base}/schema/field/${segment(id)}/impact`, fieldImpact, { fields }),
    deleteField: (id: number, valueCount: number) =>
      client.call('POST', `${base}/schema/field/${segment(id)}/delete`, z.unknown(), { valueCount }),
    newFieldName: async (typeId: number, fieldType: string): Promise<string> =>
      (
        await client.call(
          'GET',
          `${base}/schema/newFieldName?typeId=${segment(typeId)}&fieldType=${segment(fieldType)}`,
          z.object({ name: z.string() }),
        )
      ).name,
    fieldGroups: async (typeId: number, signal?: AbortSignal): Promise<FieldGroup[]> => {
      const answer = await client.entitiesOfType(
        { typeId: sysType.fieldGroup, query: 'name', filter: { fieldGroupOnType: typeId }, pageSize: 1000 },
        signal,
      );
      return answer.entities.map((e) => ({ id: e.id, name: e.name ?? `#${e.id}` }));
    },
    put: (entities: EntityChange[], deleted: number[] = []) =>
      client.call('POST', `${base}/entity/put`, putEntitiesResponse, { entities, deleted }),
  };
}
export type SchemaApi = ReturnType<typeof schemaApi>;
