import {
  deleteDetailsResponse,
  deleteEntitiesRequest,
  deleteEntitiesResponse,
  deleteRequest,
  entitiesOfTypeRequest,
  entitiesOfTypeResponse,
  entityResponse,
  fieldQuery,
  getEntitiesRequest,
  getEntitiesResponse,
  idOrAlias,
  patchEntityRequest,
  patchEntityResponse,
  putEntitiesRequest,
  putEntitiesResponse,
  saveModifiedRequest,
  saveModifiedResponse,
} from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockEntities } from '../data/entityRepository.js';
import { idParams } from '../http/pathParams.js';
import { cascadeClosure, deleteDetails } from './deleteDetails.js';
import { entitiesOfType } from './entitiesOfType.js';
import { deleteWithDependents, putEntities } from './putEntities.js';
import { readEntities, resolveIds } from './readEntities.js';
import { etagOf, meetsIfMatch, readIfMatch, staleRecord, versionRequired } from './recordVersions.js';
import { saveModifiedEntities } from './saveModifiedEntities.js';
import { inTransaction } from './transaction.js';

const base = '/spapi/data/v1/entity';
const tags = ['entities'];

/**
 * The shared entity service: read, put, list by type, delete details and delete. A single record
 * read by its address answers its version as an ETag; a change by its address needs that version
 * in If-Match, and a delete by its address checks it when sent (decision 0032).
 */
export async function entityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/:idOrAlias`,
    {
      schema: {
        tags,
        summary: 'Read one record with a field and relationship query',
        params: z.object({ idOrAlias }),
        querystring: z.object({ query: fieldQuery.optional() }),
        response: { 200: entityResponse },
      },
    },
    async (request, reply) => {
      const [entity] = await readEntities(request.ctx, [request.params.idOrAlias], request.query.query);
      reply.header('etag', etagOf(entity!.version));
      return entity!;
    },
  );

  r.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "Change one record's fields and relationships; If-Match carries the version read (its ETag)",
        params: idParams,
        body: patchEntityRequest,
        response: { 200: patchEntityResponse },
      },
    },
    async (request, reply) => {
      const ifMatch = readIfMatch(request.headers['if-match']);
      if (!ifMatch) throw versionRequired();
      const ctx = request.ctx;
      const { id } = request.params;
      const answer = await inTransaction(ctx, async (tx) => {
        // One version named (the usual case): the put itself refuses any other. Otherwise the
        // record is read first to find which of the versions (or '*') it is at.
        let version = !ifMatch.any && ifMatch.versions.length === 1 ? ifMatch.versions[0] : undefined;
        if (version === undefined) {
          const [entity] = await readEntities(tx, [id], 'name');
          if (!meetsIfMatch(ifMatch, entity!.version)) throw staleRecord(entity!);
          version = entity!.version;
        }
        return putEntities(tx, { entities: [{ id, version, ...request.body }], deleted: [] });
      });
      const version = answer.versions.find((v) => v.id === id)!.version;
      reply.header('etag', etagOf(version));
      return { id, version };
    },
  );

  r.post(
    `${base}/query`,
    {
      schema: {
        tags,
        summary: 'Read records by id or alias',
        body: getEntitiesRequest,
        response: { 200: getEntitiesResponse },
      },
    },
    async (request) => ({ entities: await readEntities(request.ctx, request.body.ids, request.body.query) }),
  );

  r.post(
    `${base}/put`,
    {
      schema: {
        tags,
        summary: 'Create, update and delete records with their relationships, in one transaction',
        body: putEntitiesRequest,
        response: { 200: putEntitiesResponse },
      },
    },
    async (request) => putEntities(request.ctx, request.body),
  );

  r.post(
    `${base}/saveModified`,
    {
      schema: {
        tags,
        summary: 'Save inline-edited records, each on its own: answers the validation results per record',
        body: saveModifiedRequest,
        response: { 200: saveModifiedResponse },
      },
    },
    async (request) => saveModifiedEntities(request.ctx, request.body),
  );

  r.post(
    `${base}/ofType`,
    {
      schema: {
        tags,
        summary: 'Records of a type matching a filter',
        body: entitiesOfTypeRequest,
        response: { 200: entitiesOfTypeResponse },
      },
    },
    async (request) => entitiesOfType(request.ctx, request.body),
  );

  r.post(
    `${base}/deleteDetails`,
    {
      schema: {
        tags,
        summary: 'What deleting records would also delete and unlink',
        body: deleteRequest,
        response: { 200: deleteDetailsResponse },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const ids = await resolveIds(ctx.db, ctx.tenantId, request.body.ids);
      await readEntities(ctx, ids, 'name');
      return deleteDetails(ctx, await cascadeClosure(ctx, ids));
    },
  );

  r.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete records and their dependents; with `shown`, only if it takes nothing else',
        body: deleteEntitiesRequest,
        response: { 200: deleteEntitiesResponse },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { ids, shown } = request.body;
      return inTransaction(ctx, async (tx) => {
        await readEntities(tx, ids, 'name');
        const rows = await deleteWithDependents(tx, ids, undefined, shown && new Set(shown));
        return { deleted: rows.map((row) => row.id) };
      });
    },
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete one record and its dependents; If-Match, when sent, carries the version read',
        params: idParams,
        response: { 200: deleteEntitiesResponse },
      },
    },
    async (request) =>
      inTransaction(request.ctx, async (tx) => {
        const ifMatch = readIfMatch(request.headers['if-match']);
        // The version checked is the one deleted: no write can slip in between.
        if (ifMatch) await lockEntities(tx.db, tx.engine, tx.tenantId, [request.params.id]);
        const [entity] = await readEntities(tx, [request.params.id], 'name');
        if (ifMatch && !meetsIfMatch(ifMatch, entity!.version)) throw staleRecord(entity!);
        const rows = await deleteWithDependents(tx, [request.params.id]);
        return { deleted: rows.map((row) => row.id) };
      }),
  );
}
