import { listTasksQuery, listTasksResponse, taskResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../http/pathParams.js';
import { listTasks, readTask } from './myTasks.js';

/**
 * "My tasks" (issue 21, decision 0131): the signed-in user's own user tasks, open, due or done. A
 * task is completed through the entity service (PATCH …/entity/{id} with If-Match), which moves
 * its run on.
 */
export async function taskRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/spapi/data/v1/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "The caller's own tasks: open, due (on or before today) or done, with each list's count",
        querystring: listTasksQuery,
        response: { 200: listTasksResponse },
      },
    },
    async (request) => listTasks(request.ctx, request.query.state, request.query.limit, request.query.offset),
  );
  api.get(
    '/spapi/data/v1/tasks/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'One task the caller may read, with the record it is about and where it opens',
        params: idParams,
        response: { 200: taskResponse },
      },
    },
    async (request) => readTask(request.ctx, request.params.id),
  );
}
