export {
  pollRun,
  type RunOptions,
  type RunOutcome,
  runPolling,
  runWorkflow,
  workflowRunMessages,
} from './workflowRunApi';
