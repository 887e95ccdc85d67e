import { openJobQueue } from '../../src/jobs/openJobQueue.js';
import { registerJobs } from '../../src/registerJobs.js';
import type { TestApp } from './testApp.js';

/**
 * Gives a test app a fresh job queue working the workflow and email queues, as main.ts does, with a short
 * poll so runs start at once; the previous queue, if any, is stopped first.
 */
export async function startWorkflowQueue(t: TestApp): Promise<void> {
  await t.services.jobs?.stop();
  t.services.jobs = await openJobQueue(t.services, { pollMs: 20, leaseMs: 5000 });
  registerJobs(t.services);
  await t.services.jobs.start();
}
