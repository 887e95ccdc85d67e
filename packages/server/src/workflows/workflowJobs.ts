import type { Services } from '../services.js';
import { advanceRun, type RunJob, workflowQueue } from './runEngine.js';
import type { Notifier } from './stepRunners.js';

/** Works the workflow queue in this process: each job moves one run on until it stops. */
export function registerWorkflowJobs(services: Services, notify: Notifier): void {
  if (!services.jobs) return;
  services.jobs.work(workflowQueue, (job) => advanceRun(services, notify, job.data as unknown as RunJob), {
    concurrency: 4,
  });
}
