import { hasRunStoppedResponse, runWorkflowRequest, workflowRunResponse } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../context.js';
import { idInPath, idParams } from '../http/pathParams.js';
import { hasRunStopped, runAnswer } from './runReads.js';
import { startRun } from './startRun.js';

const runIdParams = z.object({ runId: idInPath });

/** How long a start asked to wait for the run to stop waits, at most (the browser polls after). */
const waitLimitMs = 5000;

/** Waits until the run has stopped or the limit passes; the engine works it meanwhile. */
async function waitForStop(ctx: RequestContext, runId: number): Promise<void> {
  const until = Date.now() + waitLimitMs;
  for (let pause = 2; Date.now() < until; pause = Math.min(pause * 2, 20)) {
    if ((await hasRunStopped(ctx, runId)).stopped) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Workflow runs (spec 03 §7): start, read, and ask whether one has stopped (decision 0126). */
export async function workflowRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/spapi/data/v1/workflow/run/:id',
    {
      schema: {
        tags: ['workflows'],
        summary: 'Start a run of a workflow with named input arguments; optionally wait for it to stop',
        params: idParams,
        body: runWorkflowRequest,
        response: { 200: workflowRunResponse },
      },
    },
    async (request) => {
      const runId = await startRun(request.ctx, request.params.id, request.body);
      if (request.body.waitForTask) await waitForStop(request.ctx, runId);
      return runAnswer(request.ctx, runId);
    },
  );
  api.get(
    '/spapi/data/v1/workflow/run/:id',
    {
      schema: {
        tags: ['workflows'],
        summary: 'A workflow run: status, step counter, error, log and the pending task',
        params: idParams,
        response: { 200: workflowRunResponse },
      },
    },
    async (request) => runAnswer(request.ctx, request.params.id),
  );
  api.get(
    '/spapi/data/v1/workflow/hasrunstopped/:runId',
    {
      schema: {
        tags: ['workflows'],
        summary: 'Whether a run has stopped: finished, failed or waiting for a task',
        params: runIdParams,
        response: { 200: hasRunStoppedResponse },
      },
    },
    async (request) => hasRunStopped(request.ctx, request.params.runId),
  );
}
