export { previewUrl, type RunnerHost, type RunnerTarget, targetUrl } from './navigation/runnerTarget';
export { registerPageComponentRenderers } from './page/pageComponentRenderers';
export { RunnerEntry, type RunnerEntryProps, type RunnerLocation } from './RunnerEntry';
export { RunnerScreen, type RunnerScreenProps } from './RunnerScreen';
export { hostQuery, normaliseFormMode, parseRunnerQuery, type RunnerQuery } from './runnerQuery';
export { type RunnerView, viewOfPageParam } from './runnerView';
