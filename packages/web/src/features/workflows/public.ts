/** Workflows in the admin area (issue 21 item 1, decision 0130): the list and the editor. */
export { WorkflowsPage, type WorkflowsPageProps } from './WorkflowsPage';
