import { type MailLog, registerNotificationJobs } from './notifications/notificationEmail.js';
import { notifyUsers } from './notifications/notifyUsers.js';
import type { Services } from './services.js';
import { registerWorkflowJobs } from './workflows/workflowJobs.js';

/**
 * The background work this process takes from the job queue (decision 0127): workflow runs, whose
 * notify steps go through the notifications feature, and notification emails when SMTP is set.
 * Called before the queue starts.
 */
export function registerJobs(services: Services, log?: MailLog): void {
  registerWorkflowJobs(services, notifyUsers);
  registerNotificationJobs(services, log);
}
