/** The apps feature: apps and pages as records (spec 01 §3) and the runner's reads of them. */

export { listApps, loadPageById, loadPageBySlug, loadRunnerApp, loadTypeRecordPage } from './appReads.js';
export { appTypeBehaviour } from './appTypeBehaviour.js';
