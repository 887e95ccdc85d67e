export { announceRun, runAndAnnounce } from './announceRun';
export {
  pollRun,
  type RunOptions,
  type RunOutcome,
  runPolling,
  runWorkflow,
  workflowRunMessages,
} from './workflowRunApi';
